import type { DroneTrack } from '../../../src/features/broker/brokerSlice';
import { colourOf, countByStatus, filterFleet } from '../../../src/features/situation/fleet';
import reducer, { droneSelected, followToggled, initialSituationState, statusFilterChanged } from '../../../src/features/situation/situationSlice';

const track = (sn: string, status: string, taskId?: number): DroneTrack => ({
  latest: { sn, status, taskId, lat: 22, lng: 114, alt: 50, speed: 5, heading: 90, battery: 80, at: 0 } as DroneTrack['latest'],
  trail: [],
});
const fleet = { B2: track('B2', 'flying', 17), A1: track('A1', 'online'), C3: track('C3', 'flying'), D4: track('D4', 'offline') };

describe('filterFleet', () => {
  it.each<[string, string, Parameters<typeof filterFleet>[2], string[]]>([
    ['everything, sorted by serial', '', 'all', ['A1', 'B2', 'C3', 'D4']],
    ['by status', '', 'flying', ['B2', 'C3']],
    ['search by serial (case-insensitive)', 'c3', 'all', ['C3']],
    ['search by task', '17', 'all', ['B2']],
    ['search and status together', 'a', 'flying', []],
    ['only flagged', '', 'flagged', ['C3']],
  ])('%s', (_name, search, filter, expected) => {
    expect(filterFleet(fleet, search, filter, new Set(['C3'])).map((t) => t.sn)).toEqual(expected);
  });

  it('counts and colours', () => {
    expect(countByStatus(fleet)).toEqual({ flying: 2, online: 1, offline: 1 });
    expect(colourOf('flying', false)).toBe('#1e88e5');
    expect(colourOf('flying', true)).toBe('#e53935');
    expect(colourOf('weird', false)).toBe('#607d8b');
  });
});

describe('situation reducer', () => {
  it('selection, filter, follow', () => {
    let s = reducer(initialSituationState, droneSelected('A1'));
    s = reducer(s, followToggled());
    s = reducer(s, statusFilterChanged('flagged'));
    expect(s).toEqual({ selectedSn: 'A1', search: '', statusFilter: 'flagged', follow: true });
    expect(reducer(s, droneSelected(null))).toMatchObject({ selectedSn: null, follow: false });
  });
});
