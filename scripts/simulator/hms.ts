import type { HmsItem } from '@shared/dji/events';
import { HMS_CODES } from '@shared/dji/hms';

const CODES = Object.keys(HMS_CODES);

/** One health item about the device of `deviceType`, with a code from the shared HMS table (so the console has its text). */
export function randomHmsItem(deviceType: string, inTheSky: boolean, random: () => number = Math.random): HmsItem {
  return {
    code: CODES[Math.floor(random() * CODES.length)],
    level: Math.floor(random() * 3) as HmsItem['level'],
    module: 3,
    in_the_sky: inTheSky ? 1 : 0,
    imminent: 0,
    device_type: deviceType,
    args: { component_index: 0, sensor_index: 0 },
  };
}
