import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { writeAudit } from '../domain/audit';
import { toJsonText } from '../db/json';
import { isUniqueViolation } from '../db/errors';
import type { Database, FeaturesTable } from '../db/schema';
import { nowIso } from '../db/time';
import { conflict, notFound } from '../http/envelope';
import {
  CATEGORY_OF_GROUP,
  elementCreateSchema,
  elementOf,
  elementUpdateSchema,
  featureIdOfElementId,
  featureOfContent,
  GROUP_KINDS,
  GROUP_NAMES,
  GROUP_TYPES,
  groupId,
  groupKindOf,
  groupOfCategory,
} from './elements';
import { pilotOk, requirePilot } from './envelope';
import { drawnBy, storedFeature } from './mapEvents';
import { visibleWorkspace, workspaceParams } from './workspace';

const BASE = '/map/api/v1/workspaces/:workspace_id';

/** `true`/`false` (or 1/0) of a query parameter. */
const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const unknownGroup = (id: string) => notFound(`No element group ${id} in this workspace`, { code: 'pilot.unknown_group', params: { group_id: id } });
const unknownElement = (id: string) => notFound(`No element ${id} in this workspace`, { code: 'pilot.unknown_element', params: { element_id: id } });

/** The features of a workspace: its project's, and those of no project (they apply to every workspace). */
const workspaceFeatures = (db: Kysely<Database>, projectId: number) =>
  db
    .selectFrom('features')
    .selectAll()
    .where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]));

/** The feature an element id names in this workspace: one Pilot 2 drew (its UUID), or one drawn elsewhere (by its id). */
async function findElement(db: Kysely<Database>, projectId: number, elementId: string): Promise<Selectable<FeaturesTable>> {
  const featureId = featureIdOfElementId(elementId);
  const row = await workspaceFeatures(db, projectId)
    .where((eb) => (featureId === null ? eb('element_id', '=', elementId.toLowerCase()) : eb('id', '=', featureId)))
    .executeTakeFirst();
  if (!row) throw unknownElement(elementId);
  return row;
}

/** Announces a committed change to the Pilot 2 connections; the write stays committed whatever happens. */
/** Tells the platform (domain events) and the workspace's Pilot 2 connections of a committed change of a feature. */
const announce = async (request: FastifyRequest, change: 'create' | 'update' | 'delete', row: Selectable<FeaturesTable>) => {
  await request.server.domainEvents.changed({ table: 'features', id: row.id, change });
  await request.server.pilot?.map.featureChanged(change, row);
};

/** Map elements (DJI HTTPS "map elements"): the workspace's GIS features in three layers, and Pilot 2's edits of them. */
export default async function pilotMapRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;
  const platformName = appBase.config.dji.platformName;

  app.get(
    `${BASE}/element-groups`,
    {
      schema: {
        hide: true,
        params: workspaceParams,
        querystring: z.object({ group_id: z.string().max(64).optional(), is_distributed: queryBoolean.optional() }),
      },
      preValidation: requirePilot(appBase, 'map:read'),
    },
    async (request) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      const { group_id: wanted, is_distributed: distributed } = request.query;
      // Every layer of the platform is handed to Pilot 2 (distributed); none is kept back.
      if (distributed === false) return pilotOk([]);
      const kinds = GROUP_KINDS.filter((kind) => wanted === undefined || groupId(workspace.id, kind) === wanted);
      const rows = kinds.length ? await workspaceFeatures(db, workspace.id).orderBy('id').execute() : [];
      const names = await drawnBy(db, rows, platformName);
      const created = Date.parse((await db.selectFrom('projects').select('created_at').where('id', '=', workspace.id).executeTakeFirstOrThrow()).created_at);
      return pilotOk(
        kinds.map((kind) => ({
          id: groupId(workspace.id, kind),
          name: GROUP_NAMES[kind],
          type: GROUP_TYPES[kind],
          // The no-fly and restricted areas are the platform's: Pilot 2 shows them but does not edit them.
          is_lock: kind === 'restricted',
          is_distributed: true,
          create_time: created,
          elements: rows
            .filter((row) => groupOfCategory(row.category) === kind)
            .map((row) => elementOf(storedFeature(row), names.get(row.created_by) ?? platformName)),
        })),
      );
    },
  );

  app.post(
    `${BASE}/element-groups/:group_id/elements`,
    {
      schema: { hide: true, params: workspaceParams.extend({ group_id: z.string().max(64) }), body: elementCreateSchema },
      preValidation: requirePilot(appBase, 'map:write'),
    },
    async (request) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      const kind = groupKindOf(workspace.id, request.params.group_id);
      if (!kind) throw unknownGroup(request.params.group_id);
      const { id: elementId, name, resource } = request.body;
      const content = featureOfContent(resource.content);
      const now = nowIso();
      let saved: Selectable<FeaturesTable>;
      try {
        saved = await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('features')
            .values({
              project_id: workspace.id,
              name,
              category: CATEGORY_OF_GROUP[kind],
              geometry: JSON.stringify(content.geometry),
              style: JSON.stringify(content.style),
              properties: JSON.stringify(content.properties),
              element_id: elementId,
              created_by: request.auth!.userId,
              created_at: now,
              updated_at: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await writeAudit(trx, request, 'create', 'feature', row.id, { element_id: elementId, name, group: kind });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(`Element ${elementId} exists already`, undefined, { code: 'pilot.element_exists', params: { element_id: elementId } });
        throw error;
      }
      await announce(request, 'create', saved);
      return pilotOk({ id: elementId });
    },
  );

  app.put(
    `${BASE}/elements/:element_id`,
    {
      schema: { hide: true, params: workspaceParams.extend({ element_id: z.string().max(64) }), body: elementUpdateSchema },
      preValidation: requirePilot(appBase, 'map:write'),
    },
    async (request) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      const existing = await findElement(db, workspace.id, request.params.element_id);
      const { name, content } = request.body;
      const changed = content ? featureOfContent(content) : undefined;
      const stored = storedFeature(existing);
      const saved = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('features')
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(changed
              ? {
                  geometry: toJsonText(changed.geometry)!,
                  style: toJsonText({ ...stored.style, ...changed.style })!,
                  properties: toJsonText({ ...stored.properties, ...changed.properties })!,
                }
              : {}),
            updated_at: nowIso(),
          })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, request, 'update', 'feature', row.id, request.body);
        return row;
      });
      await announce(request, 'update', saved);
      return pilotOk({ id: request.params.element_id });
    },
  );

  app.delete(
    `${BASE}/elements/:element_id`,
    { schema: { hide: true, params: workspaceParams.extend({ element_id: z.string().max(64) }) }, preValidation: requirePilot(appBase, 'map:write') },
    async (request) => {
      const workspace = await visibleWorkspace(db, request, request.params.workspace_id);
      const existing = await findElement(db, workspace.id, request.params.element_id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('features').where('id', '=', existing.id).execute();
        await writeAudit(trx, request, 'delete', 'feature', existing.id);
      });
      await announce(request, 'delete', existing);
      return pilotOk({ id: request.params.element_id });
    },
  );
}
