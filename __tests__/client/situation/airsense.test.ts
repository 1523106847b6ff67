import { AIRSENSE_TTL_MS, alertingTraffic, type AirsenseItem, type AirsenseTraffic } from '@shared/dji/airsenseTraffic';
import type { RootState } from '../../../src/app/rootReducer';
import { selectCurrentTraffic } from '../../../src/features/situation/selectors';
import reducer, { airsenseReported, fleetClosed, initialSituationState } from '../../../src/features/situation/situationSlice';

const item = (icao: string, warningLevel: number): AirsenseItem => ({
  icao,
  warning_level: warningLevel,
  latitude: 22.6,
  longitude: 114,
  altitude: 900,
  distance: 4000,
});
const report = (sn: string, at: number, traffic: AirsenseItem[]): AirsenseTraffic => ({ sn, gatewaySn: `GW-${sn}`, at, traffic });

describe('situation: manned traffic (sysinfo/airsense)', () => {
  it.each<[string, AirsenseTraffic[], Record<string, string[]>]>([
    ['a report is kept per drone', [report('A', 1, [item('X1', 1)]), report('B', 1, [item('X2', 3)])], { A: ['X1'], B: ['X2'] }],
    ["a drone's newer report replaces its last", [report('A', 1, [item('X1', 1)]), report('A', 2, [item('X3', 2)])], { A: ['X3'] }],
    ['an older report arriving late is ignored', [report('A', 5, [item('X1', 1)]), report('A', 2, [item('X3', 2)])], { A: ['X1'] }],
    ['an empty list clears the drone', [report('A', 1, [item('X1', 1)]), report('A', 2, [])], {}],
  ])('%s', (_name, reports, expected) => {
    const state = reports.reduce((s, r) => reducer(s, airsenseReported(r)), initialSituationState);
    expect(Object.fromEntries(Object.entries(state.airsense).map(([sn, r]) => [sn, r.traffic.map((t) => t.icao)]))).toEqual(expected);
  });

  it('closing the view forgets the traffic', () => {
    const state = reducer(reducer(initialSituationState, airsenseReported(report('A', 1, [item('X1', 1)]))), fleetClosed());
    expect(state.airsense).toEqual({});
  });

  it.each([
    ['just reported', 1_000, ['A', 'B']],
    ['at the TTL', AIRSENSE_TTL_MS, ['A', 'B']],
    ["after the TTL without a repeat, A's is gone", AIRSENSE_TTL_MS + 1, ['B']],
    ['long after, nothing', 10 * AIRSENSE_TTL_MS, []],
  ])('selectCurrentTraffic %s', (_name, now, serials) => {
    const airsense = { A: report('A', 0, [item('X1', 4)]), B: report('B', 1, [item('X2', 0)]) };
    const state = { situation: { ...initialSituationState, airsense } } as unknown as RootState;
    expect(selectCurrentTraffic(state, now).map((r) => r.sn)).toEqual(serials);
  });

  it.each<[string, AirsenseItem[], string[]]>([
    ['levels 0-2 raise nothing', [item('X0', 0), item('X1', 1), item('X2', 2)], []],
    ['level 3 and up each raise one, per ICAO address at its highest level', [item('X3', 3), item('X4', 4), item('X3', 4)], ['X3:4', 'X4:4']],
  ])('alertingTraffic: %s', (_name, traffic, expected) => {
    expect(alertingTraffic(traffic).map((t) => `${t.icao}:${t.warning_level}`)).toEqual(expected);
  });
});
