/** The server's permission codes (server/rbac/permissions.ts), grouped by area for the permission tree. */
export const PERMISSION_AREAS: Array<{ area: string; codes: string[] }> = [
  { area: 'device', codes: ['device:read', 'device:write'] },
  { area: 'project', codes: ['project:read', 'project:write'] },
  { area: 'task', codes: ['task:read', 'task:write'] },
  { area: 'airspace', codes: ['airspace:read', 'airspace:write', 'airspace:approve'] },
  { area: 'map', codes: ['map:read', 'map:write'] },
  { area: 'stats', codes: ['stats:read'] },
  { area: 'org', codes: ['org:read', 'org:write'] },
  { area: 'notice', codes: ['notice:write'] },
  { area: 'audit', codes: ['audit:read'] },
];

/** Ticking/unticking in the tree. A whole area is stored as "area:*"; everything as "*". Pure. */
export function togglePermission(current: readonly string[], code: string, on: boolean): string[] {
  const set = new Set(current);
  if (code === '*') return on ? ['*'] : [];
  const [area, action] = code.split(':');
  const codes = PERMISSION_AREAS.find((a) => a.area === area)?.codes ?? [];
  if (action === '*') {
    for (const c of codes) set.delete(c);
    if (on) set.add(code);
    else set.delete(code);
  } else {
    if (set.has(`${area}:*`)) {
      set.delete(`${area}:*`);
      for (const c of codes) set.add(c);
    }
    if (on) set.add(code);
    else set.delete(code);
    if (codes.every((c) => set.has(c))) {
      for (const c of codes) set.delete(c);
      set.add(`${area}:*`);
    }
  }
  return [...set].sort();
}

export function isGranted(current: readonly string[], code: string): boolean {
  const area = code.split(':')[0];
  return current.includes('*') || current.includes(code) || current.includes(`${area}:*`);
}
