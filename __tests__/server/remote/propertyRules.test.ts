import {
  changedSettings,
  currentSettings,
  propertyMessages,
  propertySetResult,
  settingsInputSchema,
  type DeviceSettings,
  type PropertySetData,
} from '@shared/dji/properties';

describe('propertyMessages', () => {
  it.each<[string, DeviceSettings, PropertySetData[]]>([
    ['one property, one message', { height_limit: 120 }, [{ height_limit: 120 }]],
    [
      'a struct, one message per field',
      { obstacle_avoidance: { horizon: 1, upside: 0 } },
      [{ obstacle_avoidance: { horizon: 1 } }, { obstacle_avoidance: { upside: 0 } }],
    ],
    [
      'in the order named',
      { night_lights_state: 1, distance_limit_status: { state: 1, distance_limit: 500 } },
      [{ night_lights_state: 1 }, { distance_limit_status: { state: 1 } }, { distance_limit_status: { distance_limit: 500 } }],
    ],
    ['an empty struct sends nothing', { obstacle_avoidance: {} }, []],
  ])('%s', (_what, change, messages) => expect(propertyMessages(change)).toEqual(messages));
});

describe('propertySetResult', () => {
  it.each<[string, unknown, PropertySetData, number | null]>([
    ['a property: its result', { height_limit: { result: 0 } }, { height_limit: 120 }, 0],
    ['a struct field: nested one level deeper (DJI)', { distance_limit_status: { state: { result: 0 } } }, { distance_limit_status: { state: 1 } }, 0],
    ['a struct answered as a whole', { obstacle_avoidance: { result: 327001 } }, { obstacle_avoidance: { horizon: 1 } }, 327001],
    ['a failure at the leaf', { obstacle_avoidance: { horizon: { result: 1 } } }, { obstacle_avoidance: { horizon: 1 } }, 1],
    ['the first result anywhere (demo), read last', { result: 2 }, { height_limit: 120 }, 2],
    ['no result at all', { height_limit: {} }, { height_limit: 120 }, null],
    ['not an object', null, { height_limit: 120 }, null],
  ])('%s', (_what, reply, sent, result) => expect(propertySetResult(reply, sent)).toBe(result));
});

describe('settings', () => {
  it.each<[string, unknown, boolean]>([
    ['a height limit in range', { height_limit: 20 }, true],
    ['below DJI’s 20 m', { height_limit: 19 }, false],
    ['a distance limit field', { distance_limit_status: { distance_limit: 8000 } }, true],
    ['an unknown struct field', { obstacle_avoidance: { sideways: 1 } }, false],
    ['nothing named', {}, false],
    ['only an empty struct', { distance_limit_status: {} }, false],
    ['a dock property', { silent_mode: 1 }, true],
  ])('%s', (_what, body, valid) => expect(settingsInputSchema.safeParse(body).success).toBe(valid));

  it('shows only the writable properties a state reported', () => {
    expect(currentSettings('aircraft', { height_limit: 100, mode_code: 3, silent_mode: 1 })).toEqual({ height_limit: 100 });
    expect(currentSettings('dock', { height_limit: 100, silent_mode: 1 })).toEqual({ silent_mode: 1 });
  });
});

describe('changedSettings', () => {
  const current = { height_limit: 120, obstacle_avoidance: { horizon: 1, upside: 1, downside: 1 } };
  it.each<[string, Record<string, number>, DeviceSettings]>([
    ['nothing edited', {}, {}],
    ['an edit back to the current value is no change', { height_limit: 120 }, {}],
    ['a property', { height_limit: 200 }, { height_limit: 200 }],
    [
      'struct fields gather under their property, unchanged ones left out',
      { 'obstacle_avoidance.horizon': 0, 'obstacle_avoidance.upside': 1, 'obstacle_avoidance.downside': 0 },
      { obstacle_avoidance: { horizon: 0, downside: 0 } },
    ],
    ['a field the state never reported', { 'distance_limit_status.state': 1 }, { distance_limit_status: { state: 1 } }],
  ])('%s', (_what, edits, change) => expect(changedSettings(current, edits)).toEqual(change));
});
