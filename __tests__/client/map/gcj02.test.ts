import { gcj02ToWgs84, outOfChina, wgs84ToGcj02 } from '../../../src/features/map/gcj02';

// Published reference pairs (the eviltransform project's test table): WGS84 → GCJ-02.
const REFERENCE: Array<{ place: string; wgs: { lat: number; lng: number }; gcj: { lat: number; lng: number } }> = [
  { place: 'Shanghai', wgs: { lat: 31.1774276, lng: 121.5272106 }, gcj: { lat: 31.17530398364597, lng: 121.531541859215 } },
  { place: 'Shenzhen', wgs: { lat: 22.543847, lng: 113.912316 }, gcj: { lat: 22.540796131694766, lng: 113.9171764808363 } },
  { place: 'Beijing', wgs: { lat: 39.911954, lng: 116.377817 }, gcj: { lat: 39.91334545536069, lng: 116.38404722455657 } },
];

// 1e-6° is about 0.1 m.
const close = (actual: { lat: number; lng: number }, expected: { lat: number; lng: number }, tolerance = 1e-6) => {
  expect(Math.abs(actual.lat - expected.lat)).toBeLessThan(tolerance);
  expect(Math.abs(actual.lng - expected.lng)).toBeLessThan(tolerance);
};

describe('WGS84 ↔ GCJ-02', () => {
  it.each(REFERENCE)('$place: WGS84 → GCJ-02 matches the reference', ({ wgs, gcj }) => close(wgs84ToGcj02(wgs), gcj));

  it.each(REFERENCE)('$place: GCJ-02 → WGS84 inverts it', ({ wgs, gcj }) => close(gcj02ToWgs84(gcj), wgs, 1e-8));

  it.each([
    { place: 'Paris', position: { lat: 48.8566, lng: 2.3522 } },
    { place: 'Tokyo', position: { lat: 35.6762, lng: 139.6503 } },
    { place: 'Sydney', position: { lat: -33.8688, lng: 151.2093 } },
  ])('$place lies outside China: no offset either way', ({ position }) => {
    expect(outOfChina(position)).toBe(true);
    expect(wgs84ToGcj02(position)).toEqual(position);
    expect(gcj02ToWgs84(position)).toEqual(position);
  });

  it('the offset inside China is a few hundred metres, never zero', () => {
    const wgs = { lat: 22.54, lng: 114.05 };
    const gcj = wgs84ToGcj02(wgs);
    const metres = Math.hypot((gcj.lat - wgs.lat) * 111_000, (gcj.lng - wgs.lng) * 111_000 * Math.cos((wgs.lat * Math.PI) / 180));
    expect(metres).toBeGreaterThan(100);
    expect(metres).toBeLessThan(1000);
  });
});
