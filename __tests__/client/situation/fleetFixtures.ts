import { encodeFleet, decodeFleet, type FleetColumns } from '@shared/fleet/codec';
import type { Telemetry } from '@shared/live';

export const sample = (sn: string, over: Partial<Telemetry> = {}): Telemetry => ({
  sn,
  lat: 22.54,
  lng: 114.05,
  alt: 80,
  speed: 8,
  heading: 0,
  battery: 90,
  status: 'flying',
  at: 1_767_600_000_000,
  ...over,
});

/** One snapshot as the server sends it (bytes) and as the worker decodes it (columns). */
export const snapshotBytes = (samples: Telemetry[], at = 1_767_600_000_000) => encodeFleet(at, samples);
export function snapshotColumns(samples: Telemetry[], at?: number): FleetColumns {
  const result = decodeFleet(snapshotBytes(samples, at));
  if (!result.ok) throw new Error(result.detail);
  return result.fleet;
}
