import type { Alert } from '@shared/entities/alert';
import type { DeviceNames } from '@shared/entities/device';
import type { HttpClient } from './client';

/** The DJI device link's endpoints (docs/api.md): a device's live state and its alerts. */

/** One page of a list endpoint. */
export interface Page<T> {
  items: T[];
  total: number;
}

export interface DeviceSummary {
  id: number;
  serial: string;
  kind: 'aircraft' | 'dock' | 'remote_controller';
  [field: string]: unknown;
}

/** The device with exactly this serial (the list search matches substrings), or null. */
export async function findDeviceBySerial(client: HttpClient, serial: string): Promise<DeviceSummary | null> {
  const answer = await client.request<Page<DeviceSummary>>('GET', '/Device/', { query: { search: serial, page_size: 20 } });
  return answer.data.items.find((device) => device.serial === serial) ?? null;
}

/** GET /api/Device/{id}/live/: the device's normalised DJI live state (null before it reports; validated by the caller) and its gateway. */
export const fetchDeviceLive = (client: HttpClient, id: number) => client.request<{ live: unknown; gatewaySn: string | null }>('GET', `/Device/${id}/live/`);

export const fetchActiveAlerts = (client: HttpClient, query: { device_sn?: string; page_size: number }) =>
  client.request<Page<Alert>>('GET', '/Alert/', { query: { active: 1, ...query } });

/** POST /api/Device/names/: the names of these serials (at most MAX_NAME_SERIALS), for the devices the caller's data scope shows. */
export const fetchDeviceNames = (client: HttpClient, serials: string[]) => client.request<DeviceNames>('POST', '/Device/names/', { body: { serials } });
