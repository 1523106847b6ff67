import { WaylineError } from './errors';

/** "lng,lat[,alt]" (KML's coordinate tuple) → numbers; a missing, non-numeric or out-of-range value names the point. */
export function parseCoordinateTuple(tuple: string | undefined, index: number): { lng: number; lat: number; alt?: number } {
  if (tuple === undefined) throw new WaylineError('route.coordinates_missing', `point ${index + 1} has no coordinates`, { index: index + 1 });
  const [lng, lat, alt] = tuple.split(',').map((part) => Number(part.trim()));
  return { ...checkedPosition(lng, lat, index), ...(Number.isFinite(alt) ? { alt } : {}) };
}

/** Longitude within ±180 and latitude within ±90, or a WaylineError naming the point (1-based). */
export function checkedPosition(lng: number, lat: number, index: number): { lng: number; lat: number } {
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90) {
    throw new WaylineError('route.coordinates_out_of_range', `point ${index + 1} has coordinates out of range (longitude ${lng}, latitude ${lat})`, {
      index: index + 1,
    });
  }
  return { lng, lat };
}
