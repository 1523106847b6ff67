import { ALERT_KINDS, ALERT_LEVELS, type Alert } from '@shared/entities/alert';

/** The CRUD kit's name of GET /api/Alert/ (src/crud/registry.ts). */
export const ALERT_RESOURCE = 'alert';

/** MUI colours of the three levels: 0 notice, 1 caution, 2 warning. */
export const LEVEL_COLORS: Record<string, 'info' | 'warning' | 'error'> = { 0: 'info', 1: 'warning', 2: 'error' };

/** The list's filters: kind, level and open/closed (history is the closed ones), as the API takes them. */
export const ALERT_FILTERS = {
  kind: ALERT_KINDS,
  level: ALERT_LEVELS.map(String),
  active: ['1', '0'],
} as const;

/** Of the rows on screen, the ids of the selected ones not yet acknowledged (acknowledging again keeps the first). Pure. */
export function ackableIds(rows: ReadonlyArray<Pick<Alert, 'id' | 'acked_at'>>, selected: readonly number[]): number[] {
  const wanted = new Set(selected);
  return rows.filter((row) => wanted.has(row.id) && !row.acked_at).map((row) => row.id);
}

/** What an alert says in the app's language (the server sends both texts). Pure. */
export const alertText = (alert: Pick<Alert, 'message_zh' | 'message_en'>, language: string): string =>
  language === 'en' ? alert.message_en : alert.message_zh;

/** The device as a person reads it: its name with its serial, or the serial alone. Pure. */
export const deviceLabel = (alert: Pick<Alert, 'device_name' | 'device_sn'>): string =>
  alert.device_name ? `${alert.device_name} (${alert.device_sn})` : alert.device_sn;

/** The open flight safety alerts the task list marks its rows with (a view of GET /api/Alert/ of its own). */
export const OPEN_SAFETY_RESOURCE = `${ALERT_RESOURCE}@openSafety`;
export const OPEN_SAFETY_PARAMS = { kind: 'safety', active: 1, page_size: 100 };

/** Open alerts by device id, most severe first. Pure. */
export function alertsByDevice(alerts: readonly Alert[]): Record<number, Alert[]> {
  const byDevice: Record<number, Alert[]> = {};
  for (const alert of alerts) if (alert.device_id !== null) (byDevice[alert.device_id] ??= []).push(alert);
  for (const list of Object.values(byDevice)) list.sort((a, b) => b.level - a.level || b.id - a.id);
  return byDevice;
}
