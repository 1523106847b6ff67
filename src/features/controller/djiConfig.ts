import type { DjiConfig } from '../../api/controller';

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function pick(source: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = text(source[key]);
    if (value) return value;
  }
  return '';
}

/**
 * The djiconf answer as the bridge needs it. Accepts the camelCase names of docs/api.md and the spec's platform
 * configuration names (appId, mqtt_host, mqtt_user, mqtt_passwd, …) so either server shape works.
 */
export function normalizeDjiConfig(raw: unknown, fallbackWorkspaceId: number | string): DjiConfig {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const username = pick(source, 'mqttUsername', 'mqttUser', 'mqtt_user', 'mqtt_username');
  const password = pick(source, 'mqttPassword', 'mqttPasswd', 'mqtt_passwd', 'mqtt_password');
  return {
    ...source,
    appId: pick(source, 'appId', 'app_id', 'appid'),
    appKey: pick(source, 'appKey', 'app_key', 'appkey'),
    appLicense: pick(source, 'appLicense', 'app_license', 'license'),
    platformName: pick(source, 'platformName', 'platform_name'),
    workspaceName: pick(source, 'workspaceName', 'workspace_name'),
    workspaceId: pick(source, 'workspaceId', 'workspace_id') || String(fallbackWorkspaceId),
    mqttHost: pick(source, 'mqttHost', 'mqtt_host'),
    ...(username ? { mqttUsername: username } : {}),
    ...(password ? { mqttPassword: password } : {}),
    desc: pick(source, 'desc', 'description'),
  };
}

/** The id the login page asks djiconf for: ?workspace= on the hash path, else 1. */
export const DEFAULT_WORKSPACE_ID = 1;
export function workspaceIdFrom(search: string): number | string {
  const value = new URLSearchParams(search).get('workspace')?.trim();
  return value && /^[\w-]{1,64}$/.test(value) ? value : DEFAULT_WORKSPACE_ID;
}

/** A task's route id, whichever way the server names it (route_id, routeId, route: id | {id}). */
export function taskRouteId(task: Record<string, unknown>): number | null {
  const candidates = [task.route_id, task.routeId, task.route];
  for (const value of candidates) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'number') return (value as { id: number }).id;
  }
  return null;
}
