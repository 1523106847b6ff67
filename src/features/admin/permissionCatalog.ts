import { PERMISSION_AREAS } from '@shared/permissions';

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
    // A whole area collapses into "area:*", except an area that is one code without an action ("qa").
    if (action !== undefined && codes.every((c) => set.has(c))) {
      for (const c of codes) set.delete(c);
      set.add(`${area}:*`);
    }
  }
  return [...set].sort();
}
