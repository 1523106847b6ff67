import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ErrorEntity } from '@shared/errorCodes';
import { HttpError, rowNotFound } from '../http/envelope';
import { isScopedTable } from '../rbac/dataScope';
import { findScopedRow } from './crud';
import type { TableName } from './list';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route's `:id` is authorised by something else than a signed-in session (a signed link a device
     * fetches), so the row-scope guard does not apply. Every other route with an id passes the guard.
     */
    rowScope?: false;
  }
}

/** What the `:id` of an entity's routes names: its table, the entity in errors, and (optionally) its own not-found answer. */
interface IdTarget {
  table: TableName;
  entity: ErrorEntity;
  missing?: (id: number) => HttpError;
}

/**
 * The row each `{path}:id/…` under /api names, by the part of the path before `:id`. Every route with an id must be
 * listed here (the server refuses to start otherwise), so a new route cannot skip the data scope by accident.
 * Tables outside the data scope (roles, resources, notices, features, the audit log, departments) are listed too:
 * the guard checks their rows only for existence there, and their own rules (grants, publish times) apply in the handlers.
 */
const ID_TARGETS: Record<string, IdTarget> = {
  '/Dept/': { table: 'departments', entity: 'department' },
  '/Role/': { table: 'roles', entity: 'role' },
  '/Resource/': { table: 'resources', entity: 'resource' },
  '/User/': { table: 'users', entity: 'user' },
  '/Notice/': { table: 'notices', entity: 'notice' },
  '/Device/': { table: 'devices', entity: 'device' },
  '/Project/': { table: 'projects', entity: 'project' },
  // The DJI Pilot configuration of a project's workspace.
  '/djiconf/': { table: 'projects', entity: 'project' },
  '/Route/': { table: 'routes', entity: 'route' },
  '/Task/': { table: 'tasks', entity: 'task' },
  '/Airspace/Apply/': { table: 'airspace_applications', entity: 'airspace_application' },
  '/Airspace/Plan/': { table: 'flight_plans', entity: 'flight_plan' },
  '/Airspace/Report/': {
    table: 'flight_reports',
    entity: 'flight_report',
    missing: (id) => new HttpError(404, `Flight record ${id} not found`, undefined, { code: 'flight.not_found', params: { id } }),
  },
  '/Feature/': { table: 'features', entity: 'feature' },
  '/Audit/': { table: 'audit_log', entity: 'audit' },
  '/Alert/': { table: 'alerts', entity: 'alert' },
  '/Media/': { table: 'media', entity: 'media' },
  // Seen with their photo: the handlers read them through the media's data scope (server/media/defects.ts).
  '/Defect/': { table: 'defects', entity: 'defect' },
  '/DefectCategory/': { table: 'defect_categories', entity: 'defect_category' },
  // Firmware packages are a catalogue (server/remote/firmware/); a device fetches a file with a signed link.
  '/Firmware/': { table: 'firmwares', entity: 'firmware' },
};

/** The target of a route's `:id` (url without the /api prefix), or undefined for a route without one. */
export function idTargetOf(path: string): IdTarget | undefined {
  const at = path.indexOf('/:id');
  if (at < 0) return undefined;
  const target = ID_TARGETS[path.slice(0, at + 1)];
  if (!target) throw new Error(`Route ${path} names an :id of no known entity: add it to ID_TARGETS (server/api/rowScope.ts)`);
  return target;
}

/** 404 unless the row exists and the caller's data scope shows it (a row out of scope is answered as missing). */
function guardFor(app: FastifyInstance, target: IdTarget): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!isScopedTable(target.table)) return;
    const id = (request.params as { id: number }).id;
    if (await findScopedRow(app.db, target.table, id, request)) return;
    throw target.missing ? target.missing(id) : rowNotFound(target.entity, id);
  };
}

/**
 * The one scope check of every route that names a row by id (CRUD, workflow steps, commands, exports): registered
 * on /api before the entity plugins, it puts the guard first among each such route's preHandlers, after the
 * permission check (preValidation) and the id's validation.
 */
export function guardRowsById(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    if (route.config?.rowScope === false) return;
    const target = idTargetOf(route.url.slice(route.prefix.length));
    if (!target) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [guardFor(api, target), ...own];
  });
}
