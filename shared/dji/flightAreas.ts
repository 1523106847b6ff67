import { z } from 'zod';
import type { Circle } from '../circle';
import type { Polygon } from '../geo';

/**
 * DJI custom flight areas (spec dji-cloud-api-next §7): the cloud announces a new area file with the service
 * `flight_areas_update`, the dock fetches it with the request `flight_areas_get`, reports `flight_areas_sync_progress`
 * and, in flight, `flight_areas_drone_location`. The file is a GeoJSON FeatureCollection of `nfz` (stay out) and
 * `dfence` (stay inside) features, polygons or circles.
 */
export const METHOD_FLIGHT_AREAS_UPDATE = 'flight_areas_update';
export const METHOD_FLIGHT_AREAS_GET = 'flight_areas_get';
/**
 * A dock asks for its offline map the same way (`data: null`). The platform offers none: it answers at once with no
 * output, which leaves the dock's map as it is (some firmware waits about 40 s for a request nobody answers).
 */
export const METHOD_OFFLINE_MAP_GET = 'offline_map_get';
export const METHOD_FLIGHT_AREAS_SYNC_PROGRESS = 'flight_areas_sync_progress';
export const METHOD_FLIGHT_AREAS_DRONE_LOCATION = 'flight_areas_drone_location';

export const GEOFENCE_TYPES = ['nfz', 'dfence'] as const;
export type GeofenceType = (typeof GEOFENCE_TYPES)[number];

/** One area as the platform knows it: a polygon, or a circle (centre and radius in metres). */
export interface FlightArea {
  /** DJI's `id`: stable for the same platform object (some Dock 2 firmware keeps only 35 characters). */
  id: string;
  geofenceType: GeofenceType;
  shape: { polygon: Polygon } | Circle;
}

/** DJI's smallest circle radius (SDK). */
export const MIN_CIRCLE_RADIUS_M = 10;

/**
 * The area file as DJI reads it: features in the given order, `properties.radius` 0 for polygons, `subType: "Circle"`
 * with the radius for circles, every area enabled. Pure: the same areas give the same bytes.
 */
export function flightAreaFileJson(areas: readonly FlightArea[]): string {
  const features = areas.map((area) => ({
    id: area.id,
    type: 'Feature',
    geofence_type: area.geofenceType,
    geometry:
      'polygon' in area.shape
        ? { type: 'Polygon', coordinates: area.shape.polygon.coordinates.map((ring) => ring.map(([lng, lat]) => [lng, lat])) }
        : { type: 'Point', coordinates: area.shape.centre },
    properties:
      'polygon' in area.shape ? { radius: 0, enable: true } : { subType: 'Circle', radius: Math.max(MIN_CIRCLE_RADIUS_M, area.shape.radius), enable: true },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

export const SYNC_STATUSES = ['wait_sync', 'synchronizing', 'synchronized', 'fail', 'switch_fail'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** `flight_areas_sync_progress`: `{status, reason, file:{name, checksum}}` (reason 0 or absent when nothing failed). */
export const flightAreasSyncProgressSchema = z.object({
  status: z.enum(SYNC_STATUSES),
  reason: z.number().int().optional(),
  file: z
    .object({ name: z.string().max(256), checksum: z.string().max(128) })
    .partial()
    .nullish(),
});
export type FlightAreasSyncProgress = z.infer<typeof flightAreasSyncProgressSchema>;

/** One area of `flight_areas_drone_location`: the aircraft's distance to its boundary (m) and whether it is inside. */
export const droneLocationSchema = z.object({ area_id: z.string().max(64), area_distance: z.number(), is_in_area: z.boolean() });
export type DroneLocation = z.infer<typeof droneLocationSchema>;

/** `flight_areas_drone_location`: the aircraft's distance to each area's boundary and whether it is inside. */
export const flightAreasDroneLocationSchema = z.object({ drone_locations: z.array(droneLocationSchema).max(1000) });

/** `flight_areas_get` carries nothing: DJI's SDK sends its empty request object, `{}`. */
export const flightAreasGetRequestSchema = z.object({}).passthrough();

/** What `flight_areas_get` is answered with: the file to download (none: the dock clears its areas). */
export interface FlightAreaFileEntry {
  name: string;
  url: string;
  /** SHA-256 of the bytes, hex. */
  checksum: string;
  size: number;
}

/** A dock's flight-area sync as the console shows it. */
export const flightAreaSyncSchema = z.object({
  /** The dock's newest report (null: never synchronized). */
  status: z.enum(SYNC_STATUSES).nullable(),
  reason: z.number().nullable(),
  /** SHA-256 of the file the dock reported last, and of the file its areas make now. */
  device_checksum: z.string().nullable(),
  current_checksum: z.string(),
  /** The dock holds the current areas (synchronized, same file). */
  in_sync: z.boolean(),
  area_count: z.number(),
  updated_at: z.string().nullable(),
  /** The aircraft's distance to each area's boundary, from its newest flight_areas_drone_location. */
  drone_locations: z.array(droneLocationSchema),
});
export type FlightAreaSync = z.infer<typeof flightAreaSyncSchema>;

/** Whether a dock holds the areas it should: it reported `synchronized` for exactly the file they make now. Pure. */
export const isInSync = (status: SyncStatus | null, deviceChecksum: string | null, currentChecksum: string): boolean =>
  status === 'synchronized' && deviceChecksum === currentChecksum;

/** POST /api/FlightArea/sync/ `{device_ids}`. */
export const flightAreaSyncRequestSchema = z.object({ device_ids: z.array(z.number().int().positive()).min(1).max(100) });
