import type { FlightProgress } from './commandFlight';
import type { DroneLocation } from './flightAreas';

/**
 * sysinfo/flight (docs/mqtt.md): what an aircraft's gateway reports of a command flight and of the custom flight areas,
 * for the console's /Tas. The server publishes each `fly_to_point_progress` / `takeoff_to_point_progress` (as the
 * progress the API shows) and each `flight_areas_drone_location`, named by the aircraft; scoped like the aircraft.
 * No zod here: the console's slice takes the types, its saga loads the check (`flightReportSchema`) with /Tas.
 */
export const TOPIC_FLIGHT = 'sysinfo/flight';

interface ReportOf {
  /** The aircraft (the gateway itself when it declared none). */
  sn: string;
  gatewaySn: string;
  /** When the server heard it (epoch ms). */
  at: number;
}

/** The newest progress of the aircraft's take-off or fly-to. */
export type FlightProgressReport = ReportOf & { progress: FlightProgress };
/** The aircraft's distance to each custom flight area's boundary, and whether it is inside. */
export type FlightAreasReport = ReportOf & { areas: DroneLocation[] };
export type FlightReport = FlightProgressReport | FlightAreasReport;

/** A command flight still heading for its target (ready or in progress); any other status ended it. Pure. */
export const flightUnderWay = (status: FlightProgress['status']): boolean => status === 'task_ready' || status === 'wayline_progress';

/** A fly-to's limits (spec §4: one point at 2–10000 m ellipsoidal height, 1–15 m/s), for the API's schema and the console's dialog. */
export const FLY_TO_LIMITS = { height: { min: 2, max: 10_000 }, maxSpeed: { min: 1, max: 15 } } as const;

/** What the platform makes custom flight areas of: its no-fly and restricted GIS features, its approved airspace applications. */
export type FlightAreaSource = 'feature' | 'airspace';

/** The DJI id of the area made of a platform object (stable for the same object; short enough for Dock 2's 35 characters). */
export const flightAreaId = (source: FlightAreaSource, id: number) => `skyline-${source}-${id}`;

/** The platform object behind a flight area's DJI id, or the id as is for an area the platform did not make. Pure. */
export function areaOfId(areaId: string): { source: FlightAreaSource; id: number } | { source: 'other'; id: string } {
  const match = /^skyline-(feature|airspace)-(\d+)$/.exec(areaId);
  return match ? { source: match[1] as FlightAreaSource, id: Number(match[2]) } : { source: 'other', id: areaId };
}
