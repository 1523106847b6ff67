import type { PermissionCode } from '@shared/permissions';
import { allows, type Permissions } from '../auth';
import type { MenuItem } from '../menu';

/**
 * The permission code (@shared/permissions) a menu page needs. Pages not listed need only a login.
 * The server checks the same codes on every request; this only hides what would answer 403.
 */
export const PAGE_PERMISSIONS: Record<string, PermissionCode> = {
  '/Tas': 'map:read',
  '/Live': 'device:read',
  '/Alert': 'device:read',
  '/Device/UAV': 'device:read',
  '/AirSpace/Apply': 'airspace:read',
  '/AirSpace/Plan': 'airspace:read',
  '/AirSpace/Report': 'stats:read',
  // Reads /Alert/summary/, which needs device:read like the other alert endpoints.
  '/AirSpace/Conformance': 'device:read',
  '/Map/Index': 'map:read',
  '/Map/Point': 'map:read',
  '/Map/Polyline': 'map:read',
  '/Map/Polygon': 'map:read',
  '/Task/UAV': 'task:read',
  '/Task/Route': 'project:read',
  '/Media': 'task:read',
  // GET /Defect/ needs task:read.
  '/Defect': 'task:read',
  '/app/user': 'org:read',
  '/app/dept': 'org:read',
  '/app/role': 'org:read',
  '/app/resource': 'org:read',
  '/sys/user': 'org:write',
  '/sys/notice': 'notice:write',
};

export function canOpenPath(path: string, granted: Permissions): boolean {
  const code = PAGE_PERMISSIONS[path];
  return code === undefined || allows(granted, code);
}

/** The menu without the pages the user may not open, and without groups left empty. */
export function visibleMenu(tree: readonly MenuItem[], granted: Permissions): MenuItem[] {
  return tree.flatMap((item) => {
    if (item.children?.length) {
      const children = visibleMenu(item.children, granted);
      return children.length ? [{ ...item, children }] : [];
    }
    return canOpenPath(item.path, granted) ? [item] : [];
  });
}
