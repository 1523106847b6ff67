import { candidateAreas, isOutsideApprovedAirspace } from '../../../src/features/situation/geofence';
import type { AreaOverlay } from '../../../src/features/map/types';

const box = (x0: number, y0: number, x1: number, y1: number): AreaOverlay['area'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ],
  ],
});
const AT = Date.parse('2026-06-01T12:00:00Z');
const anyDrone: AreaOverlay = { id: 1, name: 'any', area: box(114, 22.5, 114.1, 22.6), deviceSerial: null };
const forSn1: AreaOverlay = { id: 2, name: 'sn1', area: box(114.2, 22.5, 114.3, 22.6), deviceSerial: 'SN1' };
const expired: AreaOverlay = {
  id: 3,
  name: 'old',
  area: box(114.4, 22.5, 114.5, 22.6),
  deviceSerial: null,
  startAt: '2026-05-01T00:00:00Z',
  endAt: '2026-05-02T00:00:00Z',
};
const current: AreaOverlay = { id: 4, name: 'now', area: box(114.6, 22.5, 114.7, 22.6), startAt: '2026-06-01T00:00:00Z', endAt: '2026-06-02T00:00:00Z' };
const banded: AreaOverlay = { id: 5, name: 'band', area: box(114.8, 22.5, 114.9, 22.6), minAlt: 30, maxAlt: 120 };
const approved = [anyDrone, forSn1, expired, current, banded];

describe('isOutsideApprovedAirspace', () => {
  it.each<[string, { sn: string; lng: number; lat: number; alt?: number; status: string }, AreaOverlay[], boolean]>([
    ['flying inside an area for any drone', { sn: 'SN9', lng: 114.05, lat: 22.55, status: 'flying' }, approved, false],
    ['flying inside its own area', { sn: 'SN1', lng: 114.25, lat: 22.55, status: 'flying' }, approved, false],
    ["flying inside another drone's area", { sn: 'SN2', lng: 114.25, lat: 22.55, status: 'flying' }, approved, true],
    ['flying inside an expired area', { sn: 'SN1', lng: 114.45, lat: 22.55, status: 'flying' }, approved, true],
    ['flying inside an area of the current window', { sn: 'SN1', lng: 114.65, lat: 22.55, status: 'flying' }, approved, false],
    ['flying outside every area', { sn: 'SN1', lng: 113.5, lat: 22.55, status: 'flying' }, approved, true],
    ['flying with no approved airspace at all', { sn: 'SN1', lng: 114.05, lat: 22.55, status: 'flying' }, [], true],
    ['on the ground outside', { sn: 'SN1', lng: 113.5, lat: 22.55, status: 'online' }, approved, false],
    ['offline outside', { sn: 'SN1', lng: 113.5, lat: 22.55, status: 'offline' }, approved, false],
    ['on the boundary counts as inside', { sn: 'SN3', lng: 114.1, lat: 22.55, status: 'flying' }, approved, false],
    ['flying inside the altitude band', { sn: 'SN3', lng: 114.85, lat: 22.55, alt: 120, status: 'flying' }, approved, false],
    ['flying above the altitude band', { sn: 'SN3', lng: 114.85, lat: 22.55, alt: 121, status: 'flying' }, approved, true],
    ['flying below the altitude band', { sn: 'SN3', lng: 114.85, lat: 22.55, alt: 29, status: 'flying' }, approved, true],
  ])('%s', (_name, sample, areas, flagged) => {
    expect(isOutsideApprovedAirspace({ alt: 80, ...sample, at: AT } as Parameters<typeof isOutsideApprovedAirspace>[0], areas)).toBe(flagged);
  });

  it('candidate areas: own or any drone, within the time window', () => {
    expect(candidateAreas('SN1', AT, approved).map((a) => a.id)).toEqual([1, 2, 4, 5]);
    expect(candidateAreas('SN2', AT, approved).map((a) => a.id)).toEqual([1, 4, 5]);
  });
});
