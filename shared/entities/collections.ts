import type { PermissionCode } from '../permissions';
import type { Application, Plan, Report } from './airspace';
import type { Alert } from './alert';
import type { AuditEntry } from './audit';
import type { Department } from './department';
import type { Device } from './device';
import type { Feature } from './feature';
import type { Notice } from './notice';
import type { Project } from './project';
import type { Resource } from './resource';
import type { Role } from './role';
import type { Route } from './route';
import type { Task } from './task';
import type { User } from './user';

/** A collection of the API: where it is (base /api) and the permissions that list it (null: any signed-in user) and change it. */
export interface Collection {
  path: string;
  read: PermissionCode | null;
  write: PermissionCode;
}

/**
 * Every CRUD collection by resource name, stated once: the server's entity definitions register their routes with it
 * (server/api/crud.ts) and the console's resource registry (src/crud/registry.ts) lists and saves through it.
 */
export const COLLECTIONS = {
  device: { path: '/Device/', read: 'device:read', write: 'device:write' },
  project: { path: '/Project/', read: 'project:read', write: 'project:write' },
  task: { path: '/Task/', read: 'task:read', write: 'task:write' },
  route: { path: '/Route/', read: 'project:read', write: 'project:write' },
  airspaceApplication: { path: '/Airspace/Apply/', read: 'airspace:read', write: 'airspace:write' },
  flightPlan: { path: '/Airspace/Plan/', read: 'airspace:read', write: 'airspace:write' },
  flightReport: { path: '/Airspace/Report/', read: 'airspace:read', write: 'airspace:write' },
  feature: { path: '/Feature/', read: 'map:read', write: 'map:write' },
  department: { path: '/Dept/', read: 'org:read', write: 'org:write' },
  role: { path: '/Role/', read: 'org:read', write: 'org:write' },
  permissionResource: { path: '/Resource/', read: 'org:read', write: 'org:write' },
  user: { path: '/User/', read: 'org:read', write: 'org:write' },
  notice: { path: '/Notice/', read: null, write: 'notice:write' },
  audit: { path: '/Audit/', read: 'audit:read', write: 'audit:read' },
  alert: { path: '/Alert/', read: 'device:read', write: 'device:write' },
} as const satisfies Record<keyof CollectionRows, Collection>;

/** The row each collection lists and answers (the type of its shared row schema), by resource name. */
export interface CollectionRows {
  device: Device;
  project: Project;
  task: Task;
  route: Route;
  airspaceApplication: Application;
  flightPlan: Plan;
  flightReport: Report;
  feature: Feature;
  department: Department;
  role: Role;
  permissionResource: Resource;
  user: User;
  notice: Notice;
  audit: AuditEntry;
  alert: Alert;
}

/** Read-only views the console lists like a collection: where each is and the permission that reads it. */
export const VIEWS = {
  chartinfo: { path: '/chartinfo/', read: 'stats:read' },
  airspaceRules: { path: '/Airspace/Rules/', read: 'airspace:read' },
  alertSummary: { path: '/Alert/summary/', read: 'device:read' },
  noticeUnread: { path: '/Notice/unread/', read: null },
} as const satisfies Record<string, Omit<Collection, 'write'>>;
