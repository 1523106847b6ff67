import type { Device } from '@shared/entities/device';
import type { LookupSpec } from './LookupField';

/** A device as a pick list names it: the name, and the serial that tells two of a name apart. */
const deviceLabel = (row: Device) => `${row.name} (${row.serial})`;

/** Any device (e.g. a flight record's), searched by name, serial or model. */
export const DEVICE_LOOKUP: LookupSpec<'device'> = { resource: 'device', labelOf: deviceLabel };
/** What tasks and airspace fly: aircraft, not docks or remote controllers. */
export const AIRCRAFT_LOOKUP: LookupSpec<'device'> = { ...DEVICE_LOOKUP, filters: { kind: 'aircraft' } };
/** Who may fly a task: active users whose roles grant device:pilot. */
export const PILOT_LOOKUP: LookupSpec<'user'> = {
  resource: 'user',
  filters: { permission: 'device:pilot', is_active: '1' },
};
