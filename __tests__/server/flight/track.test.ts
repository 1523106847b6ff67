import { greatCircleMetres } from '@shared/geo';
import { segmentDistance, simplifyTrack, summariseFlight, type TrackSample } from '@shared/flight/track';

const ORIGIN = { lat: 22.54, lng: 114.06 };
const M_PER_DEG_LAT = 111_195;

/** A lawn-mower survey with a climb, a hover and noise: 1 Hz reports for ~20 minutes. */
function survey(): TrackSample[] {
  const samples: TrackSample[] = [];
  let seed = 7;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.6;
  const cos = Math.cos((ORIGIN.lat * Math.PI) / 180);
  for (let t = 0; t < 1200; t++) {
    const leg = Math.floor(t / 100);
    const along = (t % 100) * 8;
    const x = leg % 2 === 0 ? along : 800 - along;
    const y = leg * 40;
    const alt = t < 30 ? t * 2 : t > 600 && t < 660 ? 60 : 60 + 20 * Math.sin(t / 50);
    samples.push({
      at: 1_700_000_000_000 + t * 1000,
      lat: ORIGIN.lat + (y + noise()) / M_PER_DEG_LAT,
      lng: ORIGIN.lng + (x + noise()) / (M_PER_DEG_LAT * cos),
      alt: alt + noise(),
      speed: 8,
      battery: 100 - Math.ceil(t / 20),
    });
  }
  return samples;
}

const local = (s: { lat: number; lng: number; alt: number }): [number, number, number] => [
  (s.lng - ORIGIN.lng) * M_PER_DEG_LAT * Math.cos((ORIGIN.lat * Math.PI) / 180),
  (s.lat - ORIGIN.lat) * M_PER_DEG_LAT,
  s.alt,
];

describe('track downsampling', () => {
  const samples = survey();
  const kept = simplifyTrack(samples, { toleranceM: 2, maxGapMs: 15_000 });

  test('keeps few points of a long flight', () => {
    expect(kept.length).toBeLessThan(samples.length / 4);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(samples.length - 1);
  });

  test('redraws every report within the stated 2 m (3-D distance to the kept polyline between its neighbours)', () => {
    let worst = 0;
    for (let k = 1; k < kept.length; k++) {
      const [a, b] = [local(samples[kept[k - 1]]), local(samples[kept[k]])];
      for (let i = kept[k - 1]; i <= kept[k]; i++) worst = Math.max(worst, segmentDistance(local(samples[i]), a, b));
    }
    // The projection the test uses differs slightly from the one simplifyTrack uses: allow centimetres.
    expect(worst).toBeLessThanOrEqual(2.05);
  });

  test('keeps the altitude extremes and no gap longer than maxGapMs', () => {
    const alts = samples.map((s) => s.alt);
    expect(kept).toContain(alts.indexOf(Math.max(...alts)));
    expect(kept).toContain(alts.indexOf(Math.min(...alts)));
    for (let k = 1; k < kept.length; k++) expect(samples[kept[k]].at - samples[kept[k - 1]].at).toBeLessThanOrEqual(15_000);
  });

  test('reports further apart than maxGapMs are all kept, and the loop ends', () => {
    const sparse = [0, 20_000, 40_000, 60_000].map((at) => ({ ...samples[0], at }));
    expect(simplifyTrack(sparse, { toleranceM: 2, maxGapMs: 15_000 })).toEqual([0, 1, 2, 3]);
  });

  test('summary: figures from all reports, track parallel to its times and chart samples', () => {
    const summary = summariseFlight(samples);
    let distance = 0;
    for (let i = 1; i < samples.length; i++) distance += greatCircleMetres(samples[i - 1], samples[i]);
    expect(summary.distance_m).toBeCloseTo(distance, 0);
    expect(summary.duration_s).toBe(1199);
    expect(summary.max_alt).toBeCloseTo(Math.max(...samples.map((s) => s.alt)), 1);
    expect(summary.battery_used_pct).toBe(60);
    expect(summary.takeoff_at).toBe(new Date(samples[0].at).toISOString());
    expect(summary.landing_at).toBe(new Date(samples[samples.length - 1].at).toISOString());
    expect([summary.takeoff_lat, summary.landing_lng]).toEqual([samples[0].lat, samples[samples.length - 1].lng]);
    const n = summary.track.coordinates.length;
    expect(summary.track_times).toHaveLength(n);
    expect(summary.samples.speed).toHaveLength(n);
    expect(summary.samples.battery).toHaveLength(n);
    expect(summary.track.coordinates[0]).toHaveLength(3);
  });

  test('a one-report flight still makes a valid LineString; no battery reports → null', () => {
    const summary = summariseFlight([{ ...samples[0], battery: null }]);
    expect(summary.track.coordinates).toHaveLength(2);
    expect(summary.battery_used_pct).toBeNull();
    expect(summary.distance_m).toBe(0);
  });
});
