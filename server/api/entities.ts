import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import { geometrySchema, lineStringSchema, parseJson, polygonSchema, routeMetrics, waypointSchema, type Waypoint } from '../domain/geo';
import { allowedActions, APPLICATION_MACHINE, PLAN_MACHINE, TASK_MACHINE } from '../domain/stateMachines';
import { badRequest, conflict, type FieldError } from '../http/envelope';
import { authorizeRoleWrite, authorizeUserWrite, endSessionsAfterAccountChange } from '../rbac/accountGuards';
import { grants, PERMISSION_CODES } from '../rbac/permissions';
import { registerCrud } from './crud';
import { imageStore } from './uploads';

/** Copies the keys whose value is defined (PUT/PATCH leave omitted fields unchanged). */
function defined(input: Record<string, unknown>, keys?: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined && (!keys || keys.includes(k))) out[k] = v;
  return out;
}
const json = (value: unknown) => (value === undefined ? undefined : value === null ? null : JSON.stringify(value));
const iso = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).transform((v) => new Date(v).toISOString());
const id = z.number().int().positive();
const name = z.string().trim().min(1, 'is required').max(128);

/** Multipart sends text: "" means absent, "null" means null, numbers are coerced. */
const formNumber = (inner: z.ZodNumber) =>
  z.preprocess((v) => (v === '' ? undefined : v === 'null' ? null : typeof v === 'string' ? Number(v) : v), inner.nullable().optional());
const formText = (max: number) => z.preprocess((v) => (v === '' || v === 'null' ? null : v), z.string().max(max).nullable().optional());

/** 400 when `parentId` is row `id` itself or one of its descendants: the tree would become a loop. */
async function checkParent(db: Kysely<Database>, table: 'departments' | 'resources', id: number, parentId: number | null | undefined): Promise<void> {
  for (let at = parentId ?? null; at !== null;) {
    if (at === id)
      throw badRequest('Invalid body: parent_id cannot be the row itself or one of its descendants', [
        { field: 'parent_id', message: 'cannot be the row itself or one of its descendants' },
      ]);
    at = (await db.selectFrom(table).select('parent_id').where('id', '=', at).executeTakeFirst())?.parent_id ?? null;
  }
}

function orderErrors(a: unknown, b: unknown, fieldB: string, message: string): FieldError[] {
  return typeof a === 'string' && typeof b === 'string' && a >= b
    ? [{ field: fieldB, message }]
    : typeof a === 'number' && typeof b === 'number' && a > b
      ? [{ field: fieldB, message }]
      : [];
}

export const DEVICE_KINDS = ['aircraft', 'dock', 'remote_controller'] as const;
export const DEVICE_STATUSES = ['online', 'offline', 'flying', 'maintenance'] as const;
export const PROJECT_STATUSES = ['planning', 'active', 'paused', 'archived'] as const;
export const TASK_KINDS = ['inspection', 'mapping', 'patrol', 'delivery', 'emergency'] as const;
export const NOTICE_LEVELS = ['info', 'warning', 'urgent'] as const;

const permissionCode = z
  .string()
  .refine(
    (c) => c === '*' || (PERMISSION_CODES as string[]).includes(c) || PERMISSION_CODES.some((p) => `${p.split(':')[0]}:*` === c),
    'unknown permission code',
  );

export async function rolesOfUsers(db: Kysely<Database>, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { id: number; code: string; name: string }[]>();
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.code', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();
  const map = new Map<number, { id: number; code: string; name: string }[]>();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), { id: r.id, code: r.code, name: r.name }]);
  return map;
}

export function registerEntities(app: FastifyInstance, options: { dataDir: string }): void {
  registerCrud(app, {
    entity: 'department',
    path: '/Dept/',
    tag: 'organisation',
    table: 'departments',
    read: 'org:read',
    write: 'org:write',
    list: { table: 'departments', search: ['name'], order: ['id', 'name', 'sort', 'created_at'], defaultOrder: 'sort', filters: { parent_id: 'int' } },
    input: z.object({ name, parent_id: id.nullable().optional(), sort: z.number().int().optional() }),
    unique: ['name'],
    refs: { parent_id: 'departments' },
    toRow: async (input, ctx, existing) => {
      if (existing) await checkParent(ctx.db, 'departments', existing.id, input.parent_id);
      return existing ? defined(input) : { parent_id: null, sort: 0, ...defined(input) };
    },
    toApi: (row) => ({ ...row }),
  });

  registerCrud(app, {
    entity: 'role',
    path: '/Role/',
    tag: 'organisation',
    table: 'roles',
    read: 'org:read',
    write: 'org:write',
    list: { table: 'roles', search: ['code', 'name'], order: ['id', 'code', 'name', 'created_at'], defaultOrder: 'id' },
    input: z.object({
      code: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, 'lower-case letters, digits and _'),
      name,
      description: z.string().max(500).nullable().optional(),
      permissions: z.array(permissionCode).max(100),
    }),
    unique: ['code'],
    guardDelete: (row) => (row.code === 'admin' ? 'The admin role cannot be deleted' : null),
    authorize: authorizeRoleWrite, // h17: grant only what you hold; admin role fixed
    toRow: (input) => defined({ ...input, permissions: json(input.permissions && [...new Set(input.permissions)].sort()) }),
    toApi: (row) => ({ ...row, permissions: parseJson<string[]>(row.permissions, []) }),
  });

  registerCrud(app, {
    entity: 'resource',
    path: '/Resource/',
    tag: 'organisation',
    table: 'resources',
    read: 'org:read',
    write: 'org:write',
    list: {
      table: 'resources',
      search: ['code', 'name', 'path'],
      order: ['id', 'code', 'name', 'sort'],
      defaultOrder: 'sort',
      filters: { parent_id: 'int', kind: 'string' },
    },
    input: z.object({
      code: z.string().trim().min(1).max(128),
      name,
      kind: z.enum(['menu', 'api']),
      path: z.string().max(255).nullable().optional(),
      icon: z.string().max(64).nullable().optional(),
      parent_id: id.nullable().optional(),
      sort: z.number().int().optional(),
    }),
    unique: ['code'],
    refs: { parent_id: 'resources' },
    toRow: async (input, ctx, existing) => {
      if (existing) await checkParent(ctx.db, 'resources', existing.id, input.parent_id);
      return existing ? defined(input) : { path: null, icon: null, parent_id: null, sort: 0, ...defined(input) };
    },
    toApi: (row) => ({ ...row }),
  });

  registerCrud(app, {
    entity: 'user',
    path: '/User/',
    tag: 'organisation',
    table: 'users',
    read: 'org:read',
    write: 'org:write',
    list: {
      table: 'users',
      search: ['username', 'display_name', 'phone', 'email'],
      order: ['id', 'username', 'display_name', 'created_at'],
      defaultOrder: 'id',
      filters: { dept_id: 'int', is_active: 'int' },
    },
    input: z.object({
      username: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.-]{3,64}$/, '3-64 letters, digits, _ . -'),
      name,
      password: z.string().min(8, 'at least 8 characters').max(256).optional(),
      phone: z.string().max(32).nullable().optional(),
      email: z.email().max(255).nullable().optional(),
      dept_id: id.nullable().optional(),
      is_active: z.union([z.literal(0), z.literal(1)]).optional(),
      role_ids: z.array(id).max(20).optional(),
    }),
    unique: ['username'],
    refs: { dept_id: 'departments', role_ids: 'roles' },
    check: (v, existing) => (!existing && !v.password ? [{ field: 'password', message: 'is required' }] : []),
    guardDelete: (row, request) => (row.id === request.auth?.userId ? 'You cannot delete your own account' : null),
    authorize: authorizeUserWrite, // h17: no escalation, the last active admin stays
    toRow: async (input, _ctx, existing) => {
      const { password, name: displayName, role_ids: _roles, ...rest } = input;
      const row = defined({ ...rest, display_name: displayName });
      if (password) row.password_hash = await hashPassword(password);
      return existing ? row : { phone: null, email: null, dept_id: null, is_active: 1, ...row };
    },
    afterWrite: async (ctx, userId, input, existing) => {
      await endSessionsAfterAccountChange(ctx.db, ctx.request, userId, input, existing); // h17
      if (!input.role_ids) return;
      await ctx.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
      for (const roleId of new Set(input.role_ids)) await ctx.db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
    },
    toApi: ({ password_hash: _hash, display_name, ...row }) => ({ ...row, name: display_name }),
    decorate: async (db, items) => {
      const roles = await rolesOfUsers(
        db,
        items.map((i) => i.id as number),
      );
      return items.map((i) => ({ ...i, roles: roles.get(i.id as number) ?? [], role_ids: (roles.get(i.id as number) ?? []).map((r) => r.id) }));
    },
  });

  registerCrud(app, {
    entity: 'notice',
    path: '/Notice/',
    tag: 'notices',
    table: 'notices',
    read: null,
    write: 'notice:write',
    list: {
      table: 'notices',
      search: ['title', 'content'],
      order: ['id', 'publish_at', 'level', 'created_at'],
      defaultOrder: '-publish_at',
      filters: { level: 'string' },
    },
    input: z.object({
      title: z.string().trim().min(1).max(200),
      content: z.string().min(1).max(20_000),
      level: z.enum(NOTICE_LEVELS).default('info'),
      publish_at: iso.optional(),
    }),
    // published=1: only notices whose publish time has come; published=0: only scheduled (and withdrawn) ones.
    listParams: { published: z.enum(['0', '1']).optional() },
    // Scheduled notices stay hidden until their publish time, except from those who write notices.
    scope: (qb, request, params) => {
      const now = nowIso();
      if (params?.published === '1' || !grants(request.permissions ?? [], 'notice:write')) qb = qb.where('publish_at', '<=', now);
      if (params?.published === '0') qb = qb.where('publish_at', '>', now);
      return qb;
    },
    toRow: (input, ctx, existing) => (existing ? defined(input) : { publish_at: ctx.now, created_by: ctx.request.auth?.userId ?? null, ...defined(input) }),
    toApi: (row) => ({ ...row }),
    decorate: async (db, items, request) => {
      const ids = items.map((i) => i.id as number);
      const read = ids.length
        ? await db.selectFrom('notice_reads').select('notice_id').where('user_id', '=', request.auth!.userId).where('notice_id', 'in', ids).execute()
        : [];
      const readSet = new Set(read.map((r) => r.notice_id));
      return items.map((i) => ({ ...i, read: readSet.has(i.id as number) }));
    },
  });

  registerCrud(app, {
    entity: 'device',
    path: '/Device/',
    tag: 'devices',
    table: 'devices',
    read: 'device:read',
    write: 'device:write',
    list: {
      table: 'devices',
      search: ['serial', 'name', 'model'],
      fullText: { index: 'devices_search', trigramCounts: 'devices_search_trigrams' },
      order: ['id', 'serial', 'name', 'model', 'status', 'battery', 'last_seen_at', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', kind: 'string', dept_id: 'int', model: 'string' },
    },
    input: z.object({
      serial: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{4,64}$/, '4-64 letters, digits or -'),
      name,
      model: z.string().trim().min(1).max(64),
      kind: z.enum(DEVICE_KINDS),
      firmware: formText(64),
      dept_id: formNumber(z.number().int().positive()),
      status: z.enum(DEVICE_STATUSES).optional(),
      last_lat: formNumber(z.number().min(-90).max(90)),
      last_lng: formNumber(z.number().min(-180).max(180)),
      last_alt: formNumber(z.number().min(-500).max(10_000)),
      battery: formNumber(z.number().int().min(0).max(100)),
      last_seen_at: z.preprocess((v) => (v === '' ? undefined : v), iso.nullable().optional()),
    }),
    unique: ['serial'],
    refs: { dept_id: 'departments' },
    file: { field: 'photo', column: 'photo', ...imageStore(options.dataDir) },
    toRow: (input, _ctx, existing) =>
      existing
        ? defined(input)
        : {
            firmware: null,
            dept_id: null,
            status: 'offline',
            photo: null,
            last_seen_at: null,
            last_lat: null,
            last_lng: null,
            last_alt: null,
            battery: null,
            ...defined(input),
          },
    toApi: (row) => ({ ...row }),
  });

  registerCrud(app, {
    entity: 'project',
    path: '/Project/',
    tag: 'projects',
    table: 'projects',
    read: 'project:read',
    write: 'project:write',
    list: {
      table: 'projects',
      search: ['name', 'description'],
      order: ['id', 'name', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', dept_id: 'int' },
    },
    input: z.object({
      name,
      description: z.string().max(2000).nullable().optional(),
      area: polygonSchema.nullable().optional(),
      status: z.enum(PROJECT_STATUSES).optional(),
      dept_id: id.nullable().optional(),
      members: z.array(id).max(200).optional(),
    }),
    unique: ['name'],
    refs: { dept_id: 'departments', members: 'users' },
    toRow: (input, _ctx, existing) => {
      const row = defined({ ...input, area: json(input.area), members: json(input.members && [...new Set(input.members)]) });
      return existing ? row : { description: null, area: null, status: 'planning', dept_id: null, members: '[]', ...row };
    },
    toApi: (row) => ({ ...row, area: parseJson(row.area, null), members: parseJson<number[]>(row.members, []) }),
  });

  registerCrud(app, {
    entity: 'route',
    path: '/Route/',
    tag: 'projects',
    table: 'routes',
    read: 'project:read',
    write: 'project:write',
    list: {
      table: 'routes',
      search: ['name'],
      order: ['id', 'name', 'length_m', 'duration_s', 'created_at'],
      defaultOrder: '-created_at',
      filters: { project_id: 'int' },
    },
    input: z.object({ project_id: id, name, waypoints: z.array(waypointSchema).min(2, 'a route needs at least 2 waypoints').max(2000) }),
    refs: { project_id: 'projects' },
    toRow: (input) => {
      const row = defined(input);
      if (input.waypoints) Object.assign(row, { waypoints: JSON.stringify(input.waypoints) }, routeMetrics(input.waypoints));
      return row;
    },
    toApi: (row) => ({ ...row, waypoints: parseJson<Waypoint[]>(row.waypoints, []) }),
  });

  registerCrud(app, {
    entity: 'task',
    path: '/Task/',
    tag: 'tasks',
    table: 'tasks',
    read: 'task:read',
    write: 'task:write',
    list: {
      table: 'tasks',
      search: ['name'],
      order: ['id', 'name', 'status', 'scheduled_at', 'started_at', 'finished_at', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', kind: 'string', project_id: 'int', route_id: 'int', device_id: 'int', pilot_id: 'int' },
    },
    input: z.object({
      name,
      project_id: id,
      route_id: id.nullable().optional(),
      device_id: id.nullable().optional(),
      pilot_id: id.nullable().optional(),
      kind: z.enum(TASK_KINDS),
      scheduled_at: iso.nullable().optional(),
    }),
    refs: { project_id: 'projects', route_id: 'routes', device_id: 'devices', pilot_id: 'users' },
    guardUpdate: (row) => (['running', 'done', 'failed'].includes(row.status) ? `A ${row.status} task cannot be edited` : null),
    guardDelete: (row) => (row.status === 'running' ? 'A running task cannot be deleted; fail or complete it first' : null),
    toRow: async (input, ctx, existing) => {
      const projectId = input.project_id ?? existing?.project_id;
      const routeId = input.route_id === undefined ? existing?.route_id : input.route_id;
      if (routeId) {
        const route = await ctx.db.selectFrom('routes').select('project_id').where('id', '=', routeId).executeTakeFirst();
        if (route && route.project_id !== projectId) throw conflict('The route belongs to another project');
      }
      return existing
        ? defined(input)
        : {
            route_id: null,
            device_id: null,
            pilot_id: null,
            scheduled_at: null,
            started_at: null,
            finished_at: null,
            status: TASK_MACHINE.initial,
            ...defined(input),
          };
    },
    toApi: (row) => ({ ...row, actions: allowedActions(TASK_MACHINE, row.status) }),
  });

  registerCrud(app, {
    entity: 'airspace_application',
    path: '/Airspace/Apply/',
    tag: 'airspace',
    table: 'airspace_applications',
    read: 'airspace:read',
    write: 'airspace:write',
    list: {
      table: 'airspace_applications',
      search: ['purpose'],
      order: ['id', 'start_at', 'end_at', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', device_id: 'int', applicant_id: 'int' },
    },
    input: z.object({
      device_id: id.nullable().optional(),
      area: polygonSchema,
      min_alt: z.number().min(0).max(5000),
      max_alt: z.number().min(0).max(5000),
      start_at: iso,
      end_at: iso,
      purpose: z.string().trim().min(1).max(2000),
    }),
    refs: { device_id: 'devices' },
    check: (v) => [
      ...orderErrors(v.min_alt, v.max_alt, 'max_alt', 'must be at least min_alt'),
      ...orderErrors(v.start_at, v.end_at, 'end_at', 'must be after start_at'),
    ],
    guardUpdate: (row) => (row.status !== 'draft' ? `Only a draft application can be edited (this one is ${row.status})` : null),
    guardDelete: (row) => (row.status !== 'draft' ? `Only a draft application can be deleted (this one is ${row.status}); cancel it instead` : null),
    toRow: (input, ctx, existing) => {
      const row = defined({ ...input, area: json(input.area) });
      return existing
        ? row
        : {
            device_id: null,
            applicant_id: ctx.request.auth?.userId ?? null,
            status: APPLICATION_MACHINE.initial,
            reviewer_id: null,
            review_note: null,
            ...row,
          };
    },
    toApi: (row) => ({ ...row, area: parseJson(row.area, null), actions: allowedActions(APPLICATION_MACHINE, row.status) }),
  });

  registerCrud(app, {
    entity: 'flight_plan',
    path: '/Airspace/Plan/',
    tag: 'airspace',
    table: 'flight_plans',
    read: 'airspace:read',
    write: 'airspace:write',
    list: {
      table: 'flight_plans',
      search: ['note'],
      order: ['id', 'planned_start_at', 'status', 'created_at'],
      defaultOrder: '-created_at',
      filters: { status: 'string', application_id: 'int', task_id: 'int', device_id: 'int' },
    },
    input: z.object({
      application_id: id,
      task_id: id.nullable().optional(),
      route_id: id.nullable().optional(),
      device_id: id.nullable().optional(),
      planned_start_at: iso,
      planned_end_at: iso,
      note: z.string().max(2000).nullable().optional(),
    }),
    refs: { application_id: 'airspace_applications', task_id: 'tasks', route_id: 'routes', device_id: 'devices' },
    check: (v) => orderErrors(v.planned_start_at, v.planned_end_at, 'planned_end_at', 'must be after planned_start_at'),
    guardUpdate: (row) => (row.status !== 'filed' ? `Only a filed plan can be edited (this one is ${row.status})` : null),
    guardDelete: (row) => (row.status !== 'filed' ? `Only a filed plan can be deleted (this one is ${row.status}); cancel it instead` : null),
    toRow: async (input, ctx, existing) => {
      if (input.application_id !== undefined) {
        const application = await ctx.db.selectFrom('airspace_applications').select('status').where('id', '=', input.application_id).executeTakeFirst();
        if (application && application.status !== 'approved')
          throw conflict(`A flight plan needs an approved airspace application (application ${input.application_id} is ${application.status})`);
      }
      return existing ? defined(input) : { task_id: null, route_id: null, device_id: null, note: null, status: PLAN_MACHINE.initial, ...defined(input) };
    },
    toApi: (row) => ({ ...row, actions: allowedActions(PLAN_MACHINE, row.status) }),
  });

  registerCrud(app, {
    entity: 'flight_report',
    path: '/Airspace/Report/',
    tag: 'airspace',
    table: 'flight_reports',
    read: 'airspace:read',
    write: 'airspace:write',
    list: {
      table: 'flight_reports',
      search: [],
      order: ['id', 'takeoff_at', 'duration_s', 'distance_m', 'max_alt', 'created_at'],
      defaultOrder: '-takeoff_at',
      filters: { plan_id: 'int', device_id: 'int', project_id: 'int' },
      ranges: { takeoff: 'takeoff_at' },
    },
    input: z.object({
      plan_id: id.nullable().optional(),
      project_id: id.nullable().optional(),
      device_id: id,
      takeoff_at: iso,
      landing_at: iso,
      distance_m: z.number().min(0).max(1_000_000),
      max_alt: z.number().min(0).max(10_000),
      track: lineStringSchema.nullable().optional(),
    }),
    refs: { plan_id: 'flight_plans', project_id: 'projects', device_id: 'devices' },
    check: (v) => orderErrors(v.takeoff_at, v.landing_at, 'landing_at', 'must be after takeoff_at'),
    toRow: async (input, ctx, existing) => {
      const row = defined({ ...input, track: json(input.track) });
      const takeoff = input.takeoff_at ?? existing?.takeoff_at;
      const landing = input.landing_at ?? existing?.landing_at;
      if (takeoff && landing) row.duration_s = Math.round((Date.parse(landing) - Date.parse(takeoff)) / 1000);
      if (input.plan_id) {
        const plan = await ctx.db.selectFrom('flight_plans').select('status').where('id', '=', input.plan_id).executeTakeFirst();
        if (plan && !['accepted', 'flown'].includes(plan.status))
          throw conflict(`A flight report needs an accepted or flown plan (plan ${input.plan_id} is ${plan.status})`);
        // Reporting the flight of an accepted plan marks the plan flown.
        if (plan?.status === 'accepted')
          await ctx.db.updateTable('flight_plans').set({ status: 'flown', updated_at: ctx.now }).where('id', '=', input.plan_id).execute();
      }
      return existing ? row : { plan_id: null, project_id: null, track: null, ...row };
    },
    toApi: (row) => ({ ...row, track: parseJson(row.track, null) }),
  });

  registerCrud(app, {
    entity: 'feature',
    path: '/Feature/',
    tag: 'map',
    table: 'features',
    read: 'map:read',
    write: 'map:write',
    list: {
      table: 'features',
      search: ['name', 'category'],
      order: ['id', 'name', 'category', 'created_at'],
      defaultOrder: '-created_at',
      filters: { project_id: 'int', category: 'string' },
    },
    input: z.object({
      project_id: id.nullable().optional(),
      name,
      category: z.string().trim().min(1).max(64),
      geometry: geometrySchema,
      style: z.record(z.string(), z.unknown()).optional(),
      properties: z.record(z.string(), z.unknown()).optional(),
    }),
    refs: { project_id: 'projects' },
    toRow: (input, _ctx, existing) => {
      const row = defined({ ...input, geometry: json(input.geometry), style: json(input.style), properties: json(input.properties) });
      return existing ? row : { project_id: null, style: '{}', properties: '{}', ...row };
    },
    toApi: (row) => ({ ...row, geometry: parseJson(row.geometry, null), style: parseJson(row.style, {}), properties: parseJson(row.properties, {}) }),
  });

  registerCrud(app, {
    entity: 'audit',
    path: '/Audit/',
    tag: 'admin',
    table: 'audit_log',
    read: 'audit:read',
    write: 'audit:read',
    operations: ['list', 'get'],
    list: {
      table: 'audit_log',
      search: ['entity', 'username', 'detail'],
      order: ['id', 'created_at', 'entity', 'action'],
      defaultOrder: '-id',
      filters: { entity: 'string', entity_id: 'string', action: 'string', user_id: 'int' },
    },
    input: z.object({}),
    toRow: () => ({}),
    toApi: (row) => ({ ...row, detail: parseJson(row.detail, row.detail) }),
  });
}
