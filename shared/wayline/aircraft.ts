import { DEVICE_MODELS } from '../dji/devices';
import { LIMITS } from './model';

/**
 * What the route checks and the battery estimate need to know about an aircraft model: its wayline speed limit
 * (m/s), the heights a waypoint may have (m; DJI Pilot 2 caps waypoint height at 1500 m), and its usable flight
 * time on one battery at mission speed (s; about 80 % of the published hover time, the rest kept as landing margin).
 */
export interface AircraftProfile {
  maxSpeed: number;
  minAlt: number;
  maxAlt: number;
  enduranceS: number;
}

/** Published figures of the enterprise aircraft in DEVICE_MODELS (minutes of hover time × 0.8). */
const PROFILES: Readonly<Record<string, AircraftProfile>> = {
  '0-60-0': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 55 * 60 * 0.8 },
  '0-89-0': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 55 * 60 * 0.8 },
  '0-67-0': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 41 * 60 * 0.8 },
  '0-67-1': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 41 * 60 * 0.8 },
  '0-77-0': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 45 * 60 * 0.8 },
  '0-77-1': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 45 * 60 * 0.8 },
  '0-77-2': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 43 * 60 * 0.8 },
  '0-91-0': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 50 * 60 * 0.8 },
  '0-91-1': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 50 * 60 * 0.8 },
  '0-99-0': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 49 * 60 * 0.8 },
  '0-99-1': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 49 * 60 * 0.8 },
  '0-100-0': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 54 * 60 * 0.8 },
  '0-100-1': { maxSpeed: 15, minAlt: -200, maxAlt: 1500, enduranceS: 54 * 60 * 0.8 },
};

/** An aircraft not in the table: WPML's own limits and a conservative 25 minutes of flight. */
export const GENERIC_AIRCRAFT: AircraftProfile = { maxSpeed: LIMITS.speed.max, minAlt: -200, maxAlt: LIMITS.alt.max, enduranceS: 25 * 60 };

export const aircraftProfile = (droneModel: string): AircraftProfile => PROFILES[droneModel] ?? GENERIC_AIRCRAFT;

/** The aircraft model keys a route can be planned for, for the editor's picker. */
export const ROUTE_AIRCRAFT_MODELS = Object.keys(PROFILES);

/** Payload model keys (domain 1) of DEVICE_MODELS, for the editor's picker. */
export const ROUTE_PAYLOAD_MODELS = Object.keys(DEVICE_MODELS).filter((key) => key.startsWith('1-'));
