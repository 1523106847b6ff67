import type { FlighttaskProgress } from '@shared/dji/events';
import type { TaskCommand, TaskProgress, TaskStatus } from '@shared/entities/task';
import { cancelDispatched, commandApplies, progressOutcome, scheduleRule } from '@shared/missions/rules';
import { executeRule, type ExecuteFacts } from '../../../server/entities/task/executeRules';
import { signWaylineToken, verifyWaylineToken } from '../../../server/entities/task/waylineLink';

const event = (status: FlighttaskProgress['output']['status'], percent?: number, waypoint?: number, result = 0): FlighttaskProgress => ({
  result,
  output: { status, ...(percent === undefined ? {} : { progress: { percent, current_step: 3 } }), ext: { flight_id: 'f1', current_waypoint_index: waypoint } },
});
const progress = (status: TaskProgress['status']): TaskProgress => ({ status, percent: 10, current_step: null, waypoint_index: null });

describe('progressOutcome: flighttask_progress → task state', () => {
  it.each<[TaskStatus, FlighttaskProgress, TaskStatus | null, boolean, RegExp | null]>([
    ['running', event('sent', 0), 'running', false, null],
    ['running', event('in_progress', 40, 7), 'running', false, null],
    ['running', event('paused', 40, 7), 'running', false, null],
    ['running', event('ok', 100, 49), 'done', true, null],
    ['running', event('partially_done', 70, 30), 'done', true, null],
    ['running', event('canceled', 20), 'cancelled', true, null],
    ['running', event('failed', 20), 'failed', true, /ended failed/],
    ['running', event('rejected'), 'failed', true, /ended rejected/],
    ['running', event('timeout', 55), 'failed', true, /ended timeout/],
    ['running', event('in_progress', 40, 7, 316001), 'failed', true, /error 316001/],
    // A task that already ended is not revived by a late or repeated event.
    ['done', event('in_progress', 40), null, false, null],
    ['cancelled', event('ok', 100), null, false, null],
    ['pending', event('in_progress', 1), null, false, null],
  ])('%s + %j → %s', (current, input, status, finished, error) => {
    const outcome = progressOutcome(current, input);
    if (status === null) return expect(outcome).toBeNull();
    expect(outcome).toMatchObject({ status, finished });
    if (error) expect(outcome!.error).toMatch(error);
    else expect(outcome!.error).toBeNull();
  });

  it('keeps percent, step and waypoint index; an ok without percent is 100 %', () => {
    expect(progressOutcome('running', event('in_progress', 42.5, 12))!.progress).toEqual({
      status: 'in_progress',
      percent: 42.5,
      current_step: 3,
      waypoint_index: 12,
    });
    expect(progressOutcome('running', { result: 0, output: { status: 'ok' } })!.progress).toEqual({
      status: 'ok',
      percent: 100,
      current_step: null,
      waypoint_index: null,
    });
  });
});

describe('commandApplies', () => {
  const dispatched = (status: TaskProgress['status']) => ({ status: 'running' as TaskStatus, flight_id: 'f1', progress: progress(status) });
  it.each<[TaskCommand, { status: TaskStatus; flight_id: string | null; progress: TaskProgress | null }, boolean]>([
    ['execute', { status: 'pending', flight_id: null, progress: null }, true],
    ['execute', { status: 'scheduled', flight_id: null, progress: null }, true],
    ['execute', { status: 'running', flight_id: 'f1', progress: null }, false],
    ['execute', { status: 'done', flight_id: null, progress: null }, false],
    ['pause', dispatched('in_progress'), true],
    ['pause', dispatched('paused'), false],
    ['pause', dispatched('sent'), false],
    ['resume', dispatched('paused'), true],
    ['resume', dispatched('in_progress'), false],
    ['return_home', dispatched('in_progress'), true],
    ['return_home', dispatched('paused'), true],
    ['return_home', dispatched('sent'), false],
    // Started by hand (no dispatch): nothing to command.
    ['pause', { status: 'running', flight_id: null, progress: null }, false],
    ['return_home', { status: 'pending', flight_id: null, progress: null }, false],
  ])('%s on %j → %s', (command, task, allowed) => {
    const rule = commandApplies(command, task);
    expect(rule.ok).toBe(allowed);
    if (!rule.ok) expect(rule).toMatchObject({ code: 'mission.command_not_applicable', params: { command } });
  });
});

describe('cancelDispatched', () => {
  it.each<[TaskProgress | null, boolean]>([
    [null, true],
    [progress('sent'), true],
    [progress('in_progress'), false],
    [progress('paused'), false],
  ])('%j → %s', (input, ok) => {
    const rule = cancelDispatched(input);
    expect(rule.ok).toBe(ok);
    if (!rule.ok) expect(rule.code).toBe('mission.cancel_in_flight');
  });
});

describe('scheduleRule', () => {
  const now = Date.parse('2026-06-01T08:00:00Z');
  it.each<[string | null, string | null]>([
    [null, 'mission.schedule_needs_time'],
    ['2026-06-01T07:59:59.000Z', 'mission.schedule_in_past'],
    ['2026-06-01T08:00:00.000Z', 'mission.schedule_in_past'],
    ['2026-06-01T08:00:01.000Z', null],
  ])('%s → %s', (at, code) => {
    const rule = scheduleRule(at, now);
    expect(rule.ok ? null : rule.code).toBe(code);
  });
});

describe('executeRule', () => {
  const ready: ExecuteFacts = {
    aircraftSn: 'UAV1',
    flightBatteryPct: 35,
    gatewaySn: 'RC1',
    live: { at: 1_000_000, battery: 80 },
    now: 1_005_000,
    offlineAfterMs: 30_000,
    batteryReservePct: 20,
    weather: { flyable: true, reasons: [] },
    plan: { id: 7, transitLeaves: null },
  };
  it.each<[string, Partial<ExecuteFacts>, string | null, Record<string, unknown> | null]>([
    ['ready', {}, null, null],
    ['no aircraft', { aircraftSn: null }, 'mission.no_aircraft', null],
    ['no route', { flightBatteryPct: null }, 'mission.no_route', null],
    ['not bound to a gateway', { gatewaySn: undefined }, 'mission.not_bound', { sn: 'UAV1' }],
    ['never reported', { live: undefined }, 'mission.offline', null],
    ['stale telemetry', { now: 1_031_000 }, 'mission.offline', null],
    ['battery exactly estimate + reserve', { live: { at: 1_000_000, battery: 55 } }, null, null],
    ['battery under estimate + reserve', { live: { at: 1_000_000, battery: 54 } }, 'mission.battery_low', { battery: 54, needed: 55 }],
    ['battery unknown', { live: { at: 1_000_000 } }, 'mission.battery_low', { battery: 0, needed: 55 }],
    ['weather', { weather: { flyable: false, reasons: ['wind', 'gust'] } }, 'mission.weather', { reasons: 'wind, gust' }],
    ['no flight plan', { plan: null }, 'mission.no_plan', null],
    ['transit to the route leaves the area', { plan: { id: 7, transitLeaves: 'out' } }, 'mission.transit_outside_area', { leg: 'out', plan_id: 7 }],
    ['transit home leaves the area', { plan: { id: 7, transitLeaves: 'back' } }, 'mission.transit_outside_area', { leg: 'back', plan_id: 7 }],
    // The first problem wins, in the order an operator fixes them.
    ['offline and no plan', { live: undefined, plan: null }, 'mission.offline', null],
    ['weather and transit outside', { weather: { flyable: false, reasons: ['wind'] }, plan: { id: 7, transitLeaves: 'out' } }, 'mission.weather', null],
  ])('%s', (_name, change, code, params) => {
    const rule = executeRule({ ...ready, ...change });
    expect(rule.ok ? null : rule.code).toBe(code);
    if (params !== null && !rule.ok) expect(rule.params).toEqual(params);
  });
});

describe('wayline link tokens', () => {
  const claims = { task: 7, flight: 'f-1', gw: 'RC1', exp: 2_000 };
  it('verifies its own signature until it expires', () => {
    const token = signWaylineToken('secret', claims);
    expect(verifyWaylineToken('secret', token, 1_999_000)).toEqual({ ok: true, claims });
    expect(verifyWaylineToken('secret', token, 2_001_000)).toEqual({ ok: false, why: 'the link expired' });
    expect(verifyWaylineToken('other secret', token, 1_000)).toEqual({ ok: false, why: 'bad signature' });
  });
  it('refuses a token whose claims were changed or that is malformed', () => {
    const [, signature] = signWaylineToken('secret', claims).split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...claims, gw: 'RC2' })).toString('base64url')}.${signature}`;
    expect(verifyWaylineToken('secret', forged, 1_000).ok).toBe(false);
    expect(verifyWaylineToken('secret', 'nonsense', 1_000)).toEqual({ ok: false, why: 'malformed token' });
  });
});
