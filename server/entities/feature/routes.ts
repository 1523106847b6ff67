import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { featureImportSchema, featureInputSchema } from '@shared/entities/feature';
import { mapWriteError, registerCrud } from '../../api/crud';
import { PROJECT_NAME, withDisplayNames, type NameRefs } from '../../api/displayNames';
import { parseJson } from '../../db/json';
import type { FeaturesTable } from '../../db/schema';
import { envelopeSchema, invalidInput, ok } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { featureToRow, insertFeatures, missingProjects } from './service';
import { COLLECTIONS } from '@shared/entities/collections';

export const featureToApi = (row: Selectable<FeaturesTable>) => ({
  ...row,
  geometry: parseJson(row.geometry, null),
  style: parseJson(row.style, {}),
  properties: parseJson(row.properties, {}),
});

/** A feature names its project and who drew it. */
const FEATURE_NAMES: NameRefs = { ...PROJECT_NAME, created_by_name: { from: 'created_by', table: 'users' } };

/** A GeoJSON file of up to 1000 features is larger than the API's usual 1 MB body. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** GIS features: CRUD, and the bulk import that saves a whole GeoJSON file in one transaction. */
export default async function featureRoutes(appBase: FastifyInstance): Promise<void> {
  registerCrud(appBase, {
    entity: 'feature',
    ...COLLECTIONS.feature,
    tag: 'map',
    table: 'features',
    list: {
      table: 'features',
      search: ['name', 'category'],
      order: ['id', 'name', 'category', 'created_at'],
      defaultOrder: '-created_at',
      filters: { project_id: 'int', category: 'string' },
    },
    input: featureInputSchema,
    refs: { project_id: 'projects' },
    toRow: (input, ctx, existing) => featureToRow(input, existing ? undefined : (ctx.request.auth?.userId ?? null)),
    toApi: featureToApi,
    names: FEATURE_NAMES,
    // Pilot 2 connections of the feature's workspace see the change at once.
    afterCommit: (operation, row, request) => request.server.pilot?.map.featureChanged(operation, row),
  });

  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/Feature/import/',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['map'],
        summary: 'Import features (1…1000, each the body of POST /Feature/) in one transaction: all are saved or none',
        body: featureImportSchema,
        response: { 201: envelopeSchema(z.object({ items: z.array(z.record(z.string(), z.unknown())) })) },
      },
      preValidation: requirePermission(appBase, 'map:write'),
    },
    async (request, reply) => {
      const { features } = request.body;
      const errors = await missingProjects(app.db, features);
      if (errors.length) throw invalidInput('body', errors);
      let rows: Selectable<FeaturesTable>[];
      try {
        rows = await app.db.transaction().execute(async (trx) => {
          const ids = await insertFeatures(trx, request, features);
          const saved = await trx.selectFrom('features').selectAll().where('id', 'in', ids).execute();
          const byId = new Map(saved.map((row) => [row.id, row]));
          return ids.map((id) => byId.get(id)!);
        });
      } catch (error) {
        mapWriteError(error, 'feature');
      }
      reply.code(201);
      await request.server.domainEvents.changed({ table: 'features', id: null, change: 'import' });
      await request.server.pilot?.map.groupsChanged(rows.map((row) => row.project_id));
      return { ...ok({ items: await withDisplayNames(appBase.db, rows.map(featureToApi), FEATURE_NAMES) }, 'imported'), code: 201 };
    },
  );
}
