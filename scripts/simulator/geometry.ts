/** Flat-earth-enough geometry for simulated flights (routes of a few kilometres). */
export interface Point {
  lat: number;
  lng: number;
  /** metres above take-off. */
  alt: number;
}

export const SHENZHEN = { lat: 22.54, lng: 114.05 };
const EARTH = 6_371_000;
const METRES_PER_DEGREE = 111_320;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function distance(a: Pick<Point, 'lat' | 'lng'>, b: Pick<Point, 'lat' | 'lng'>): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH * Math.asin(Math.sqrt(h));
}

/** Degrees, 0 = north, clockwise, 0…360. */
export function bearing(a: Pick<Point, 'lat' | 'lng'>, b: Pick<Point, 'lat' | 'lng'>): number {
  const y = Math.sin(rad(b.lng - a.lng)) * Math.cos(rad(b.lat));
  const x = Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) - Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lng - a.lng));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The point `north`/`east` metres away from `from`. */
export function offset(from: Pick<Point, 'lat' | 'lng'>, north: number, east: number): { lat: number; lng: number } {
  return { lat: from.lat + north / METRES_PER_DEGREE, lng: from.lng + east / (METRES_PER_DEGREE * Math.cos(rad(from.lat))) };
}

/** Closed circuit number `index`: circles spread on a ring of ~5 km around Shenzhen. */
export function circle(index: number): Point[] {
  const angle = rad(index * 137.5);
  const ring = 800 + (index % 7) * 600;
  const centre = offset(SHENZHEN, ring * Math.cos(angle), ring * Math.sin(angle));
  const radius = 250 + (index % 5) * 120;
  const alt = 60 + (index % 4) * 20;
  return Array.from({ length: 24 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return { ...offset(centre, radius * Math.cos(a), radius * Math.sin(a)), alt };
  });
}
