import { debugCommandSchema, debugServiceData } from '@shared/dji/remoteDebug';
import { remoteErrorMeaning } from '@shared/dji/remoteErrors';
import {
  debugRefusal,
  flightRefusal,
  heightAboveTakeoff,
  needsAuthorityGrab,
  type AircraftFacts,
  type DockFacts,
  type HeightReference,
} from '@shared/dji/remoteRules';

const dock = (facts: Partial<DockFacts> = {}): DockFacts => ({ kind: 'dock', djiType: 2, online: true, modeCode: 2, ...facts });

describe('debugRefusal', () => {
  it.each<[string, Parameters<typeof debugRefusal>[0], DockFacts, ReturnType<typeof debugRefusal>]>([
    ['a dock in remote debugging may open its cover', 'cover_open', dock(), null],
    ['outside remote debugging only debug_mode_open goes', 'cover_open', dock({ modeCode: 0 }), 'not_in_debug_mode'],
    ['debug_mode_open from idle', 'debug_mode_open', dock({ modeCode: 0 }), null],
    ['a dock that has not reported its mode is not in debugging', 'device_reboot', dock({ modeCode: undefined }), 'not_in_debug_mode'],
    ['an aircraft has no remote debugging', 'debug_mode_open', dock({ kind: 'aircraft' }), 'not_a_dock'],
    ['an offline dock', 'debug_mode_open', dock({ online: false }), 'offline'],
    ['the putter is DJI Dock 1 only', 'putter_open', dock({ djiType: 2 }), 'not_supported'],
    ['DJI Dock 1 has it', 'putter_close', dock({ djiType: 1 }), null],
    ['a dock of unknown type is let through (the dock answers)', 'putter_open', dock({ djiType: null }), null],
    ['the model comes before the link', 'putter_open', dock({ djiType: 3, online: false }), 'not_supported'],
  ])('%s', (_what, method, facts, expected) => {
    expect(debugRefusal(method, facts)).toBe(expected);
  });
});

describe('flightRefusal', () => {
  const aircraft = (facts: Partial<AircraftFacts> = {}): AircraftFacts => ({ online: true, modeCode: 0, dockModeCode: 0, ...facts });
  it.each<[string, Parameters<typeof flightRefusal>[0], AircraftFacts, ReturnType<typeof flightRefusal>]>([
    ['a take-off from an idle dock', 'takeoff', aircraft(), null],
    ['a take-off while the dock debugs', 'takeoff', aircraft({ dockModeCode: 2 }), 'dock_busy'],
    ['a take-off of an RC aircraft (no dock)', 'takeoff', aircraft({ dockModeCode: null }), null],
    ['a take-off in the air', 'takeoff', aircraft({ modeCode: 3 }), 'already_flying'],
    ['a fly-to in the air', 'flyto', aircraft({ modeCode: 3 }), null],
    ['a fly-to on the ground', 'flyto', aircraft(), 'not_flying'],
    ['a fly-to of an aircraft that never reported', 'flyto', aircraft({ modeCode: undefined }), 'not_flying'],
    ['return home in the air', 'return_home', aircraft({ modeCode: 5 }), null],
    ['anything offline', 'return_home', aircraft({ online: false, modeCode: 5 }), 'offline'],
  ])('%s', (_what, command, facts, expected) => {
    expect(flightRefusal(command, facts)).toBe(expected);
  });
});

describe('needsAuthorityGrab', () => {
  it.each<[unknown, boolean]>([
    [undefined, true],
    ['', true],
    ['A', true],
    ['B', true],
    ['3f1c0d8e-platform', false],
  ])('control_source %p → %p', (source, expected) => {
    expect(needsAuthorityGrab(source)).toBe(expected);
  });
});

describe('debug commands as DJI takes them', () => {
  it.each<[unknown, Record<string, unknown> | null | 'invalid']>([
    [{ method: 'cover_open' }, null],
    [{ method: 'battery_maintenance_switch', action: 1 }, { action: 1 }],
    [{ method: 'air_conditioner_mode_switch', action: 3 }, { action: 3 }],
    [{ method: 'air_conditioner_mode_switch', action: 4 }, 'invalid'],
    [{ method: 'battery_maintenance_switch' }, 'invalid'],
    [{ method: 'cover_open', action: 1 }, 'invalid'],
    [{ method: 'format_everything' }, 'invalid'],
  ])('%p → data %p', (body, expected) => {
    const parsed = debugCommandSchema.safeParse(body);
    expect(parsed.success ? debugServiceData(parsed.data) : 'invalid').toEqual(expected);
  });

  it.each<[number, string | undefined]>([
    [514134, 'heavy_rain'],
    [514153, 'not_in_debug'],
    [514182, 'air_conditioner'],
    [326005, 'cellular'],
    [336007, 'flyto_failed'],
    [999999, undefined],
  ])("DJI's %p means %p", (code, key) => {
    expect(remoteErrorMeaning(code)?.key).toBe(key);
  });
});

describe('heightAboveTakeoff', () => {
  it.each<[string, number, HeightReference, number | null]>([
    ['an airborne aircraft: its ellipsoid height less its height above take-off', 75, { aircraft: { height: 60, elevation: 40 }, dock: { height: 25 } }, 55],
    ['an aircraft on the ground reports elevation 0', 45, { aircraft: { height: 20, elevation: 0 }, dock: null }, 25],
    ["in its dock before it reports a position: the dock's height", 45, { aircraft: {}, dock: { height: 20 } }, 25],
    ['an aircraft without elevation falls back to its dock', 45, { aircraft: { height: 30 }, dock: { height: 20 } }, 25],
    ['a target below take-off is negative (the plan band refuses it)', 10, { aircraft: { height: 20, elevation: 0 }, dock: null }, -10],
    ['nothing reported', 45, { aircraft: undefined, dock: null }, null],
    ['an RC aircraft that reported no height', 45, { aircraft: { elevation: 3 }, dock: undefined }, null],
  ])('%s', (_what, target, reference, expected) => {
    expect(heightAboveTakeoff(target, reference)).toBe(expected);
  });
});
