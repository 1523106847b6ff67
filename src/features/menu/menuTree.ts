import type { MenuItem } from './menuTypes';

const leaf = (id: string, parentId: string, name: string, path: string, icon: string): MenuItem => ({ id, parentId, name, path, icon });

/** The fixed menu of spec §2 (not fetched from the server). Groups open their first child. */
export const MENU_TREE: MenuItem[] = [
  { id: 'tas', parentId: null, name: 'menu.tas', path: '/Tas', icon: 'radar' },
  { id: 'live', parentId: null, name: 'menu.live', path: '/Live', icon: 'videocam' },
  { id: 'alert', parentId: null, name: 'menu.alert', path: '/Alert', icon: 'alert' },
  {
    id: 'device',
    parentId: null,
    name: 'menu.device',
    path: '/Device',
    icon: 'devices',
    children: [leaf('device-uav', 'device', 'menu.uav', '/Device/UAV', 'flight')],
  },
  {
    id: 'airspace',
    parentId: null,
    name: 'menu.airspace',
    path: '/AirSpace',
    icon: 'airspace',
    children: [
      leaf('airspace-apply', 'airspace', 'menu.airspaceApply', '/AirSpace/Apply', 'apply'),
      leaf('airspace-plan', 'airspace', 'menu.airspacePlan', '/AirSpace/Plan', 'plan'),
      leaf('airspace-report', 'airspace', 'menu.airspaceReport', '/AirSpace/Report', 'report'),
      leaf('airspace-conformance', 'airspace', 'menu.airspaceConformance', '/AirSpace/Conformance', 'report'),
    ],
  },
  {
    id: 'map',
    parentId: null,
    name: 'menu.map',
    path: '/Map',
    icon: 'map',
    children: [
      leaf('map-index', 'map', 'menu.mapIndex', '/Map/Index', 'map'),
      leaf('map-point', 'map', 'menu.point', '/Map/Point', 'point'),
      leaf('map-polyline', 'map', 'menu.polyline', '/Map/Polyline', 'polyline'),
      leaf('map-polygon', 'map', 'menu.polygon', '/Map/Polygon', 'polygon'),
    ],
  },
  {
    id: 'task',
    parentId: null,
    name: 'menu.task',
    path: '/Task',
    icon: 'task',
    children: [leaf('task-uav', 'task', 'menu.taskUav', '/Task/UAV', 'task'), leaf('task-route', 'task', 'menu.taskRoute', '/Task/Route', 'polyline')],
  },
  { id: 'media', parentId: null, name: 'menu.media', path: '/Media', icon: 'media' },
  { id: 'defect', parentId: null, name: 'menu.defects', path: '/Defect', icon: 'defect' },
  {
    id: 'app',
    parentId: null,
    name: 'menu.authorization',
    path: '/app',
    icon: 'security',
    children: [
      leaf('app-user', 'app', 'menu.appUser', '/app/user', 'user'),
      leaf('app-dept', 'app', 'menu.dept', '/app/dept', 'dept'),
      leaf('app-role', 'app', 'menu.role', '/app/role', 'role'),
      leaf('app-resource', 'app', 'menu.resource', '/app/resource', 'resource'),
    ],
  },
  {
    id: 'sys',
    parentId: null,
    name: 'menu.system',
    path: '/sys',
    icon: 'settings',
    children: [leaf('sys-user', 'sys', 'menu.sysUser', '/sys/user', 'sysUser'), leaf('sys-notice', 'sys', 'menu.notice', '/sys/notice', 'notice')],
  },
];

/** Every item that is a page of its own (no children), depth first, in menu order. */
export function menuLeaves(tree: readonly MenuItem[]): MenuItem[] {
  return tree.flatMap((item) => (item.children?.length ? menuLeaves(item.children) : [item]));
}

/** Where a path lands: a group goes to its first page, a page to itself. */
export function firstPagePath(item: MenuItem): string {
  return item.children?.length ? firstPagePath(item.children[0]) : item.path;
}

export function firstMenuPath(tree: readonly MenuItem[]): string {
  return tree.length ? firstPagePath(tree[0]) : '/404';
}

export function findMenuItem(tree: readonly MenuItem[], path: string): MenuItem | undefined {
  for (const item of tree) {
    if (item.path === path) return item;
    const found = item.children && findMenuItem(item.children, path);
    if (found) return found;
  }
  return undefined;
}
