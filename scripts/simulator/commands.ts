import type { FlyToTarget } from './index';

/** A command typed into the running simulator (one line on its standard input). */
export type SimulatorCommand = { kind: 'flyTo'; aircraftSn: string; target: FlyToTarget } | { kind: 'back'; aircraftSn: string };

export const COMMAND_USAGE = 'fly <aircraft serial> <lat> <lng> <height m>  |  back <aircraft serial>';

/** Parses `fly SN LAT LNG HEIGHT` (hover there) or `back SN` (return to the circuit); an error says what is wrong. */
export function parseCommand(line: string): SimulatorCommand | { error: string } {
  const [verb, aircraftSn, ...rest] = line.trim().split(/\s+/);
  if (verb === 'back' && aircraftSn && rest.length === 0) return { kind: 'back', aircraftSn };
  if (verb === 'fly' && aircraftSn && rest.length === 3) {
    const [lat, lng, height] = rest.map(Number);
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && height >= 0 && height <= 1000) return { kind: 'flyTo', aircraftSn, target: { lat, lng, height } };
    return { error: 'lat must be -90…90, lng -180…180 and height 0…1000 m' };
  }
  return { error: `unknown command; try: ${COMMAND_USAGE}` };
}
