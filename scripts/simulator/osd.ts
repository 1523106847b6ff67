import type { AircraftOsd, DockOsd, RcOsd } from '@shared/dji/osd';
import type { FlightSample } from './flight';
import { round } from './geometry';

/**
 * OSD payloads in DJI's field names (thing/product/{sn}/osd `data`), built from the simulated state. Values the
 * simulation has no model for (attitude, satellites, storage, link quality) are plausible constants or slow waves.
 */

/** Weather the simulated devices feel: light wind turning slowly. */
export function simulatedWind(seconds: number): { speed: number; direction: number } {
  return { speed: round(3 + 2 * Math.sin(seconds / 300), 1), direction: Math.floor((seconds / 120) % 8) + 1 };
}

export interface AircraftOsdContext {
  /** ellipsoid height of the take-off point, metres. */
  homeHeight: number;
  totalFlightDistance: number;
  seconds: number;
}

export function aircraftOsd(sample: FlightSample, context: AircraftOsdContext): AircraftOsd {
  const wind = simulatedWind(context.seconds);
  return {
    latitude: sample.lat,
    longitude: sample.lng,
    height: round(context.homeHeight + sample.elevation, 1),
    elevation: sample.elevation,
    attitude_head: sample.heading,
    attitude_pitch: sample.flying ? -2 : 0,
    attitude_roll: 0,
    horizontal_speed: sample.horizontalSpeed,
    vertical_speed: sample.verticalSpeed,
    mode_code: sample.modeCode,
    gear: 1,
    home_distance: sample.homeDistance,
    height_limit: 120,
    total_flight_time: sample.flightTime,
    total_flight_distance: Math.round(context.totalFlightDistance),
    wind_speed: sample.flying ? wind.speed : 0,
    wind_direction: wind.direction,
    position_state: { gps_number: 18 + Math.round(2 * Math.sin(context.seconds / 60)), rtk_number: 30, is_fixed: 2, quality: 5 },
    battery: {
      capacity_percent: sample.batteryPercent,
      remain_flight_time: sample.remainFlightTime,
      return_home_power: 25,
      landing_power: 10,
    },
  };
}

export function remoteControllerOsd(position: { lat: number; lng: number }, height: number, batteryPercent: number, seconds: number): RcOsd {
  return {
    latitude: position.lat,
    longitude: position.lng,
    height,
    capacity_percent: batteryPercent,
    wireless_link: {
      sdr_quality: 4 + Math.round(Math.sin(seconds / 45)),
      '4g_quality': 3,
      link_workmode: 1,
      dongle_number: 1,
    },
  };
}

export interface DockOsdInput {
  position: { lat: number; lng: number };
  height: number;
  droneInDock: boolean;
  droneBatteryPercent: number;
  working: boolean;
  seconds: number;
}

export function dockOsd(input: DockOsdInput): DockOsd {
  const wind = simulatedWind(input.seconds);
  return {
    latitude: input.position.lat,
    longitude: input.position.lng,
    height: input.height,
    mode_code: input.working ? 4 : 0,
    drone_in_dock: input.droneInDock ? 1 : 0,
    // 0 closed, 1 open: the cover opens while the aircraft is out.
    cover_state: input.droneInDock ? 0 : 1,
    environment_temperature: round(24 + 3 * Math.sin(input.seconds / 900), 1),
    temperature: 28,
    humidity: 60,
    wind_speed: wind.speed,
    rainfall: 0,
    network_state: { type: 2, quality: 4, rate: 12_000 },
    drone_charge_state: { state: input.droneInDock && input.droneBatteryPercent < 100 ? 1 : 0, capacity_percent: input.droneBatteryPercent },
    emergency_stop_state: 0,
    storage: { total: 82_045_336, used: 1_024_000 },
    job_number: 0,
  };
}
