import type { PermissionCode } from '@shared/permissions';

/** Every server collection a list screen can show, by resource name. Paths follow the API (base /api). */
export interface ResourceConfig {
  path: string;
  /** Saves go out as multipart form data (e.g. a device with its photo). */
  multipart?: boolean;
  /** The permission the API asks to list it: a pick list of it (LookupField) asks nothing of a user without it. */
  read?: PermissionCode;
}

export const RESOURCES = {
  device: { path: '/Device/', multipart: true, read: 'device:read' },
  project: { path: '/Project/', read: 'project:read' },
  task: { path: '/Task/' },
  route: { path: '/Route/', read: 'project:read' },
  airspaceApplication: { path: '/Airspace/Apply/', read: 'airspace:read' },
  flightPlan: { path: '/Airspace/Plan/', read: 'airspace:read' },
  flightReport: { path: '/Airspace/Report/' },
  feature: { path: '/Feature/' },
  department: { path: '/Dept/' },
  role: { path: '/Role/' },
  permissionResource: { path: '/Resource/' },
  user: { path: '/User/', read: 'org:read' },
  notice: { path: '/Notice/' },
  audit: { path: '/Audit/' },
  chartinfo: { path: '/chartinfo/' },
  airspaceRules: { path: '/Airspace/Rules/' },
  alert: { path: '/Alert/', read: 'device:read' },
  alertSummary: { path: '/Alert/summary/' },
  noticeUnread: { path: '/Notice/unread/' },
} satisfies Record<string, ResourceConfig>;

export type ResourceName = keyof typeof RESOURCES;

/**
 * A name may carry a view after "@" (e.g. "project@options", "notice@inbox"): the same collection, with a list
 * state of its own (its own query, items and detail), so a select's options do not disturb the screen's table.
 */
export const baseResource = (name: string) => name.split('@')[0];

export function resourceConfig(name: string): ResourceConfig {
  const config = (RESOURCES as Record<string, ResourceConfig>)[baseResource(name)];
  if (!config) throw new Error(`Unknown resource "${name}"`);
  return config;
}
