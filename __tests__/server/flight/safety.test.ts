import { assessSafety, DEFAULT_SAFETY_THRESHOLDS, secondsToComeHome, stillAirborne, type SafetyReading, type SafetyRule } from '@shared/flight/safety';

const WAYLINE = 5;
const RTH = 9;
const AUTO_LANDING = 10;
const FORCED_LANDING = 11;
const DISCONNECTED = 14;

/** A healthy aircraft on a wayline 500 m from home: nothing holds. */
const flying: SafetyReading = {
  airborne: true,
  modeCode: WAYLINE,
  battery: 80,
  remainFlightTime: 1500,
  homeDistance: 500,
  horizontalSpeed: 10,
  windSpeed: 2,
  silentForMs: 0,
};

describe('assessSafety', () => {
  const cases: [string, Partial<SafetyReading>, SafetyRule[], SafetyRule[]][] = [
    // what, reading over `flying`, open before, holds
    ['healthy flight', {}, [], []],
    ['on the ground at 5 %: nothing (docks and parked aircraft never warn)', { airborne: false, modeCode: 0, battery: 5 }, [], []],
    ['low battery at the threshold', { battery: 30 }, [], ['low_battery']],
    ['low battery open stays within the clearing margin', { battery: 31 }, ['low_battery'], ['low_battery']],
    ['low battery clears past the margin', { battery: 33 }, ['low_battery'], []],
    ['critical replaces low', { battery: 15 }, ['low_battery'], ['critical_battery']],
    ['critical when within the reserve of the landing power', { battery: 20, landingPower: 10 }, [], ['critical_battery']],
    ['return now from DJI return_home_power plus the reserve', { battery: 45, returnHomePower: 35 }, [], ['return_now']],
    ['enough above return_home_power', { battery: 50, returnHomePower: 35 }, [], []],
    // 9.7 km at 10 m/s against 2 m/s of wind: 1212 s + 60 s landing = 1272 s; ×1.1 = 1400 s > 1300 s left.
    ['return now from the time home when return_home_power is not reported', { battery: 60, remainFlightTime: 1300, homeDistance: 9700 }, [], ['return_now']],
    ['the time home fits', { battery: 60, remainFlightTime: 1500, homeDistance: 9700 }, [], []],
    ['return now open stays until the margin', { battery: 47, returnHomePower: 35 }, ['return_now'], ['return_now']],
    ['return now clears past the margin', { battery: 48, returnHomePower: 35 }, ['return_now'], []],
    ['returning home on its own: no "return now"', { modeCode: RTH, battery: 40, returnHomePower: 35 }, [], ['returning_home']],
    ['auto landing: no "return now"', { modeCode: AUTO_LANDING, battery: 40, returnHomePower: 35 }, [], []],
    ['forced landing with a critical battery', { modeCode: FORCED_LANDING, battery: 8 }, [], ['critical_battery', 'forced_landing']],
    ['silent in the air: lost link, keeping what it last said', { silentForMs: 10_000 }, ['low_battery'], ['lost_link', 'low_battery']],
    ['silent but not yet for long', { silentForMs: 9_999 }, [], []],
    ['reported disconnected in the air: lost link', { modeCode: DISCONNECTED }, [], ['lost_link']],
    ['link back: lost link clears', {}, ['lost_link'], []],
    ['landed: everything clears', { airborne: false, modeCode: 0, battery: 10 }, ['critical_battery', 'lost_link'], []],
    ['no battery reported: only mode rules', { battery: undefined, remainFlightTime: undefined, modeCode: RTH }, [], ['returning_home']],
  ];
  it.each(cases)('%s', (_what, change, open, holds) => {
    expect([...assessSafety({ ...flying, ...change }, new Set(open))].sort()).toEqual([...holds].sort());
  });
});

describe('secondsToComeHome', () => {
  it.each<[string, Partial<SafetyReading>, number | null]>([
    ['at the assumed return speed against the wind, plus the landing', { homeDistance: 800, horizontalSpeed: 0, windSpeed: 2 }, 800 / 8 + 60],
    ['at its own speed when faster', { homeDistance: 800, horizontalSpeed: 16, windSpeed: 0 }, 800 / 16 + 60],
    ['a storm never makes it infinite', { homeDistance: 100, horizontalSpeed: 5, windSpeed: 30 }, 100 + 60],
    ['unknown without a home distance', { homeDistance: undefined }, null],
  ])('%s', (_what, change, seconds) => {
    expect(secondsToComeHome({ ...flying, ...change }, DEFAULT_SAFETY_THRESHOLDS)).toBe(seconds);
  });
});

describe('stillAirborne', () => {
  it.each<[boolean, number | undefined, boolean]>([
    [false, WAYLINE, true],
    [true, 0, false],
    [true, DISCONNECTED, true],
    [false, DISCONNECTED, false],
    [true, undefined, false],
  ])('was %s, mode %s → %s', (was, mode, airborne) => {
    expect(stillAirborne(was, mode)).toBe(airborne);
  });
});
