/**
 * Every permission code the server checks. A role holds a set of codes; "*" grants everything and "area:*"
 * every code of one area (e.g. "device:*"). docs/api.md lists which routes need which code.
 */
export const PERMISSIONS = {
  'device:read': 'See devices',
  'device:write': 'Create, edit and delete devices, upload photos',
  'device:pilot': 'Fly through DJI Pilot 2: thing credentials from /djiconf/, devices bound to the workspace',
  'device:operate': 'Command devices remotely: dock maintenance, fly-to and take-off-to, flight areas, firmware, logs, settings',
  'project:read': 'See projects and routes (waylines)',
  'project:write': 'Create, edit and delete projects and routes',
  'task:read': 'See tasks',
  'task:write': 'Create, edit, delete and run tasks (schedule/start/complete/fail/cancel/retry)',
  'airspace:read': 'See airspace applications, flight plans and flight reports',
  'airspace:write': 'Apply for airspace, file flight plans, record flight reports',
  'airspace:approve': 'Approve or reject airspace applications, accept or reject flight plans',
  'map:read': 'See GIS features',
  'map:write': 'Create, edit and delete GIS features',
  'stats:read': 'Flight statistics (/chartinfo/)',
  'org:read': 'See departments, roles, resources and users',
  'org:write': 'Manage departments, roles, resources and users',
  'notice:write': 'Publish, edit and delete notices',
  'audit:read': 'Read the audit log',
  qa: 'The QA panel (Ctrl+Shift+Q): record, export and replay the console action log',
} as const;

export type PermissionCode = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

/** The area of a code: "device" of "device:read"; a code without a colon is its own area. */
export const areaOf = (code: string) => code.split(':')[0];

/** The codes grouped by area (the order of PERMISSIONS), for the permission tree. */
export const PERMISSION_AREAS: { area: string; codes: PermissionCode[] }[] = [...new Set(PERMISSION_CODES.map(areaOf))].map((area) => ({
  area,
  codes: PERMISSION_CODES.filter((code) => areaOf(code) === area),
}));

/** True when a set of granted codes (possibly with "*" and "area:*" wildcards) covers `code`. */
export function grants(granted: Iterable<string>, code: string): boolean {
  const area = areaOf(code);
  for (const g of granted) if (g === '*' || g === code || g === `${area}:*`) return true;
  return false;
}

/** What a role may hold: a known code, "*", or "area:*" of a known area. */
export function isGrantableCode(code: string): boolean {
  return code === '*' || (PERMISSION_CODES as string[]).includes(code) || PERMISSION_AREAS.some((a) => `${a.area}:*` === code);
}
