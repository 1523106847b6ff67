import type { FlightProgress } from '@shared/dji/commandFlight';
import type { DroneLocation } from '@shared/dji/flightAreas';
import type { FlightReport } from '@shared/dji/flightReport';

/** A fly-to's progress `remaining` metres from its target, flown at 8 m/s, on a path due north. */
export const flyToProgress = (status: FlightProgress['status'], remaining: number): FlightProgress => ({
  kind: 'flyto',
  id: 'f-1',
  status,
  result: 0,
  remaining_distance: remaining,
  remaining_time: remaining / 8,
  planned_path: [
    [114, 22.6, 60],
    [114, 22.61, 60],
  ],
  updated_at: '2026-11-24T08:00:00.000Z',
});

/** A sysinfo/flight message about aircraft `sn` (its gateway `GW-{sn}`). */
export const flightReport = (sn: string, body: { progress: FlightProgress } | { areas: DroneLocation[] }): FlightReport => ({
  sn,
  gatewaySn: `GW-${sn}`,
  at: 1,
  ...body,
});
