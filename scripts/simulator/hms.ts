import type { HmsItem } from '@shared/dji/events';
import { DOCK_DOMAIN, hmsCodesOf, OWN_HMS_TABLE } from '@shared/dji/hms';

const CODES = { dock: hmsCodesOf(OWN_HMS_TABLE, 'dock'), fpv: hmsCodesOf(OWN_HMS_TABLE, 'fpv') };

/** One health item about the device of `deviceType`, with a code our own HMS table has a text for (dock or aircraft). */
export function randomHmsItem(deviceType: string, inTheSky: boolean, random: () => number = Math.random): HmsItem {
  const codes = CODES[deviceType.startsWith(`${DOCK_DOMAIN}-`) ? 'dock' : 'fpv'];
  return {
    code: codes[Math.floor(random() * codes.length)],
    level: Math.floor(random() * 3) as HmsItem['level'],
    module: 3,
    in_the_sky: inTheSky ? 1 : 0,
    imminent: 0,
    device_type: deviceType,
    args: { component_index: 0, sensor_index: 0 },
  };
}
