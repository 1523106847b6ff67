import type { Plan } from '@shared/entities/airspace';
import { DEVICE_STATUSES } from '@shared/live';
import type { Alert } from '@shared/entities/alert';
import { withAlert } from '@shared/entities/alertList';
import { activePlans } from '../../../src/features/situation/conformance';
import { alertNotified } from '../../../src/features/devicelink';
import { listRows, nearestSlot, onScreen, slotColour } from '../../../src/features/situation/fleet';
import { TRAIL_LENGTH, type FromFleetWorker } from '../../../src/features/situation/fleetFrame';
import { fleetWorkerHandler } from '../../../src/features/situation/fleetWorkerHandler';
import { FleetModel } from '../../../src/features/situation/fleetModel';
import { mercatorX, mercatorY, toScreenX, toScreenY, type View } from '../../../src/features/situation/projection';
import reducer, {
  conformanceAlertsLoaded,
  droneSelected,
  fleetClosed,
  fleetNamesLoaded,
  fleetSnapshotApplied,
  followToggled,
  initialSituationState,
  statusFilterChanged,
} from '../../../src/features/situation/situationSlice';
import { fleetSerialsAppeared } from '../../../src/features/situation/viewActions';
import { sample, snapshotBytes, snapshotColumns } from './fleetFixtures';

function fleetOf(...snapshots: Array<Parameters<typeof sample>[]>) {
  const model = new FleetModel();
  for (const snapshot of snapshots) model.apply(snapshotColumns(snapshot.map((args) => sample(...args))));
  return model;
}

describe('FleetModel', () => {
  it('keeps one slot per serial, the newest sample, a trail of the last positions, counts and serial order', () => {
    const model = new FleetModel();
    model.apply(snapshotColumns([sample('B2', { taskId: 17 }), sample('A1', { status: 'online' })]));
    for (let i = 1; i <= TRAIL_LENGTH + 5; i++) model.apply(snapshotColumns([sample('B2', { lat: 22 + i / 100, heading: i, taskId: 17 })]));
    const frame = model.frame();
    expect(frame).toMatchObject({ version: TRAIL_LENGTH + 6, count: 2, sn: ['B2', 'A1'], taskId: [17, undefined] });
    expect([...frame.order]).toEqual([1, 0]);
    expect(frame.lat[0]).toBeCloseTo(22 + (TRAIL_LENGTH + 5) / 100);
    expect(frame.heading[0]).toBe(TRAIL_LENGTH + 5);
    expect([...frame.trailCount]).toEqual([TRAIL_LENGTH, 1]);
    // Oldest first, newest last; the newest is the current position.
    expect(frame.trail[(TRAIL_LENGTH - 1) * 2 + 1]).toBe(frame.y[0]);
    expect(frame.trail[1]).toBeCloseTo(mercatorY(22 + 6 / 100));
    // A1 has not reported since the first snapshot: offline.
    expect(frame.counts).toEqual({ flying: 1, online: 0, maintenance: 0, offline: 1, flagged: 0 });
  });

  it('flags only the aircraft with an open conformance alert, and re-flags when the alerts change', () => {
    const model = fleetOf([
      ['IN', { lat: 22.5, lng: 114.5 }],
      ['OUT', { lat: 30, lng: 120 }],
      ['GROUND', { lat: 30, lng: 120, status: 'online' }],
    ]);
    expect([...model.frame().flagged]).toEqual([0, 0, 0]);
    model.setFlagged(['OUT', 'NOT-REPORTING']);
    expect([...model.frame().flagged]).toEqual([0, 1, 0]);
    expect(model.frame().counts.flagged).toBe(1);
    model.setFlagged([]);
    expect(model.frame().counts.flagged).toBe(0);
  });

  it('turns an aircraft that leaves the snapshot offline where it was last seen, and back when it reports again', () => {
    const model = fleetOf([
      ['A', { lat: 22.1 }],
      ['B', { lat: 22.2, status: 'online' }],
    ]);
    model.apply(snapshotColumns([sample('A', { lat: 22.3 })]));
    let frame = model.frame();
    expect(frame.sn).toEqual(['A', 'B']);
    expect([...frame.status].map((i) => DEVICE_STATUSES[i])).toEqual(['flying', 'offline']);
    expect(frame.lat[1]).toBeCloseTo(22.2);
    expect(frame.trailCount[1]).toBe(1);
    expect(frame.counts).toEqual({ flying: 1, online: 0, maintenance: 0, offline: 1, flagged: 0 });
    // The last aircraft gone: an empty snapshot.
    model.apply(snapshotColumns([]));
    expect(model.frame().counts).toEqual({ flying: 0, online: 0, maintenance: 0, offline: 2, flagged: 0 });
    model.apply(snapshotColumns([sample('B', { lat: 22.4, status: 'online' })]));
    frame = model.frame();
    expect([...frame.status].map((i) => DEVICE_STATUSES[i])).toEqual(['offline', 'online']);
    expect(frame.trailCount[1]).toBe(2);
  });

  it('hands out copies: a frame never changes after the next snapshot', () => {
    const model = fleetOf([['A', { lat: 1 }]]);
    const first = model.frame();
    model.apply(snapshotColumns([sample('A', { lat: 2 })]));
    expect(first.lat[0]).toBe(1);
    expect(model.frame().lat[0]).toBe(2);
  });
});

describe('fleet worker handler', () => {
  it('answers a frame per snapshot with its buffers to transfer, and counts unreadable snapshots without throwing', () => {
    const posted: Array<{ message: FromFleetWorker; transfer: Transferable[] }> = [];
    const handle = fleetWorkerHandler((message, transfer) => posted.push({ message, transfer }));
    handle({ type: 'flagged', serials: ['A'] });
    handle({ type: 'snapshot', bytes: snapshotBytes([sample('A')]) });
    handle({ type: 'snapshot', bytes: new Uint8Array([2, 0, 0, 0]) });
    handle({ type: 'snapshot', bytes: snapshotBytes([sample('A')]).subarray(0, 30) });
    handle({ type: 'snapshot', bytes: snapshotBytes([sample('B')]) });
    expect(
      posted.map(({ message: m }) => (m.type === 'frame' ? `frame v${m.frame.version} ${m.frame.sn} dropped ${m.frame.dropped}` : `${m.error} ${m.dropped}`)),
    ).toEqual(['frame v1 A dropped 0', 'version 1', 'truncated 2', 'frame v2 A,B dropped 2']);
    const { message, transfer } = posted[0];
    if (message.type !== 'frame') throw new Error('a frame first');
    expect(transfer).toContain(message.frame.lat.buffer);
    expect(transfer).toContain(message.frame.trail.buffer);
    expect(new Set(transfer).size).toBe(transfer.length);
  });
});

describe('list selection', () => {
  const frame = fleetOf([
    ['B2', { taskId: 17 }],
    ['A1', { status: 'online' }],
    ['C3', { status: 'flying', lat: 30, lng: 120 }],
    ['D4', { status: 'offline', taskId: 'river-9' }],
  ]);
  frame.setFlagged(['C3']);
  const current = frame.frame();
  // D4 has no name: the user's data scope does not show it.
  const names = { A1: 'Harbour North', B2: 'Rivet Crane', C3: 'Dam 3' };

  it.each<[string, string, Parameters<typeof listRows>[3], string[]]>([
    ['everything, sorted by serial', '', 'all', ['A1', 'B2', 'C3', 'D4']],
    ['search by name (case-insensitive)', 'harbour', 'all', ['A1']],
    ['search by part of a name', 'ive', 'all', ['B2', 'D4']],
    ['search by name or serial alike', 'd', 'all', ['C3', 'D4']],
    ['by status', '', 'flying', ['B2', 'C3']],
    ['search by serial (case-insensitive)', 'c3', 'all', ['C3']],
    ['search by numeric task', '17', 'all', ['B2']],
    ['search by text task', 'RIVER', 'all', ['D4']],
    ['search and status together', 'harbour', 'flying', []],
    ['only flagged (an open conformance alert)', '', 'flagged', ['C3']],
  ])('%s', (_name, search, filter, expected) => {
    expect(listRows(current, names, search, filter).map((slot) => current.sn[slot])).toEqual(expected);
  });

  it('colours by status, flagged in red', () => {
    expect(current.sn.map((_, slot) => slotColour(current, slot))).toEqual(['#1e88e5', '#43a047', '#e53935', '#9e9e9e']);
  });
});

describe('marker selection', () => {
  // A 600×400 view at zoom 10 whose top-left corner is at 22.6°N 114.0°E.
  const scale = 256 * 2 ** 10;
  const view: View = { scale, left: mercatorX(114) * scale, top: mercatorY(22.6) * scale, width: 600, height: 400 };
  const frame = fleetOf([
    ['TOP-LEFT', { lat: 22.6, lng: 114 }],
    ['INSIDE', { lat: 22.5, lng: 114.5 }],
    ['JUST-OUT', { lat: 22.6, lng: 113.999 }],
    ['FAR', { lat: 30, lng: 120 }],
  ]).frame();

  it('draws only what is on screen or within the margin', () => {
    expect(toScreenX(view, frame.x[0])).toBeCloseTo(0);
    expect(toScreenY(view, frame.y[0])).toBeCloseTo(0);
    expect(onScreen(frame, view, 0).map((slot) => frame.sn[slot])).toEqual(['TOP-LEFT', 'INSIDE']);
    expect(onScreen(frame, view, 40).map((slot) => frame.sn[slot])).toEqual(['TOP-LEFT', 'INSIDE', 'JUST-OUT']);
  });

  it('picks the nearest drone within reach, or none', () => {
    const x = toScreenX(view, frame.x[1]);
    const y = toScreenY(view, frame.y[1]);
    expect(nearestSlot(frame, view, x + 5, y - 5, 14)).toBe(1);
    expect(nearestSlot(frame, view, x + 30, y, 14)).toBe(-1);
  });
});

describe('situation reducer', () => {
  it('selection, filter, follow, and the fleet summary', () => {
    let s = reducer(initialSituationState, droneSelected('A1'));
    s = reducer(s, followToggled());
    s = reducer(s, statusFilterChanged('flagged'));
    const summary = { version: 3, at: 5, reporting: 2, counts: { online: 1, flying: 1, maintenance: 0, offline: 0, flagged: 0 }, dropped: 1 };
    s = reducer(s, fleetSnapshotApplied(summary));
    expect(s).toEqual({ ...initialSituationState, selectedSn: 'A1', statusFilter: 'flagged', follow: true, fleet: summary });
    expect(reducer(s, droneSelected(null))).toMatchObject({ selectedSn: null, follow: false });
    expect(reducer(s, fleetClosed()).fleet).toEqual(initialSituationState.fleet);
  });

  it('gathers names as they load; the serials that appear change nothing; closing forgets them', () => {
    let s = reducer(initialSituationState, fleetNamesLoaded({ A1: 'Harbour North' }));
    s = reducer(s, fleetSerialsAppeared(['B2']));
    s = reducer(s, fleetNamesLoaded({ B2: 'Dam 2', A1: 'Harbour N.' }));
    expect(s.names).toEqual({ A1: 'Harbour N.', B2: 'Dam 2' });
    expect(reducer(s, fleetClosed()).names).toEqual({});
  });
});

describe('conformance on /Tas', () => {
  const alert = (id: number, sn: string, active: 0 | 1, first = '2026-11-24T08:00:00.000Z'): Alert => ({
    id,
    kind: 'conformance',
    code: 'outside_volume',
    level: 2,
    module: null,
    device_id: null,
    device_sn: sn,
    gateway_sn: null,
    in_the_sky: 1,
    first_seen_at: first,
    last_seen_at: first,
    count: 1,
    active,
    acked_by: null,
    acked_at: null,
    args: null,
    plan_id: 7,
    closed_at: null,
    device_type: null,
    message: '飞出计划空域',
    message_zh: '飞出计划空域',
    message_en: 'Left its plan volume',
  });

  /** The order /Tas keeps its open alerts in (the withAlert table below is written for it). */
  const firstSeenNewestFirst = (a: Alert, b: Alert) => b.first_seen_at.localeCompare(a.first_seen_at) || b.id - a.id;

  it('keeps the open conformance alerts newest first, following sysinfo/alerts; HMS alerts and closed ones are not listed', () => {
    let s = reducer(initialSituationState, conformanceAlertsLoaded([alert(1, 'A', 1, '2026-11-24T07:00:00.000Z'), alert(2, 'B', 0)]));
    expect(s.conformance.alerts.map((a) => a.id)).toEqual([1]);
    s = reducer(s, alertNotified({ at: 1, activeCount: 2, alert: alert(3, 'C', 1) }));
    s = reducer(s, alertNotified({ at: 2, activeCount: 2, alert: { ...alert(4, 'D', 1), kind: 'hms' } }));
    expect(s.conformance.alerts.map((a) => a.device_sn)).toEqual(['C', 'A']);
    s = reducer(s, alertNotified({ at: 3, activeCount: 1, alert: { ...alert(1, 'A', 0), closed_at: '2026-11-24T08:01:00.000Z' } }));
    expect(s.conformance.alerts.map((a) => a.device_sn)).toEqual(['C']);
    expect(reducer(s, fleetClosed()).conformance).toEqual(initialSituationState.conformance);
  });

  it.each([
    ['a new alert, the newest', [alert(2, 'B', 1, '2026-11-24T08:00:00.000Z')], alert(3, 'C', 1, '2026-11-24T09:00:00.000Z'), ['C', 'B']],
    ['an alert older than the open ones', [alert(2, 'B', 1, '2026-11-24T08:00:00.000Z')], alert(3, 'C', 1, '2026-11-24T07:00:00.000Z'), ['B', 'C']],
    [
      'an alert between two',
      [alert(4, 'D', 1, '2026-11-24T09:00:00.000Z'), alert(2, 'B', 1, '2026-11-24T07:00:00.000Z')],
      alert(3, 'C', 1, '2026-11-24T08:00:00.000Z'),
      ['D', 'C', 'B'],
    ],
    ['the same second: the higher id first', [alert(2, 'B', 1)], alert(3, 'C', 1), ['C', 'B']],
    ['an update of an open alert (replaced, not doubled)', [alert(3, 'C', 1), alert(2, 'B', 1)], { ...alert(3, 'C', 1), count: 5 }, ['C', 'B']],
    ['a closed alert', [alert(3, 'C', 1), alert(2, 'B', 1)], alert(3, 'C', 0), ['B']],
    ['a closed alert the view never had', [alert(2, 'B', 1)], alert(9, 'Z', 0), ['B']],
  ])('withAlert: %s', (_case, open, change, serials) => {
    const before = JSON.stringify(open);
    const after = withAlert(open, change, firstSeenNewestFirst);
    expect(after.map((a) => a.device_sn)).toEqual(serials);
    expect(JSON.stringify(open)).toBe(before);
    if (change.active === 1) expect(after.find((a) => a.id === change.id)).toBe(change);
  });

  it('withAlert leaves the list itself alone when a closing alert was not in it (no state change for the view)', () => {
    const open = [alert(2, 'B', 1)];
    expect(withAlert(open, alert(9, 'Z', 0), firstSeenNewestFirst)).toBe(open);
  });
});

describe('activePlans: the plans /Tas draws', () => {
  const area = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [114, 22],
        [115, 22],
        [115, 23],
        [114, 22],
      ],
    ],
  };
  const NOW = Date.parse('2026-11-24T08:00:00Z');
  const plan = (id: number, status: Plan['status'], start: string, end: string, application_id = 1): Plan => ({
    id,
    route_name: null,
    device_name: null,
    application_id,
    task_id: null,
    route_id: null,
    device_id: 1,
    status,
    planned_start_at: start,
    planned_end_at: end,
    note: null,
    actions: [],
    created_at: start,
    updated_at: start,
  });
  it.each<[string, Plan, boolean]>([
    ['accepted, window holds now', plan(1, 'accepted', '2026-11-24T07:00:00Z', '2026-11-24T09:00:00Z'), true],
    ['accepted, window touching now at its end', plan(2, 'accepted', '2026-11-24T07:00:00Z', '2026-11-24T08:00:00Z'), true],
    ['accepted, window later today', plan(3, 'accepted', '2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z'), false],
    ['nonconforming after its window (still flying)', plan(4, 'nonconforming', '2026-11-24T06:00:00Z', '2026-11-24T07:00:00Z'), true],
    ['application area unknown', plan(5, 'activated', '2026-11-24T07:00:00Z', '2026-11-24T09:00:00Z', 99), false],
  ])('%s', (_name, p, shown) => {
    expect(activePlans([p], [{ id: 1, area }], NOW).map((x) => x.plan.id)).toEqual(shown ? [p.id] : []);
  });
});
