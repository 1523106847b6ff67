import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { deviceNamesRequestSchema, deviceNamesSchema } from '@shared/entities/device';
import { registerCrud } from '../../api/crud';
import { scopeOf, withDataScope } from '../../rbac/scopeQuery';
import { DEPT_NAME } from '../../api/displayNames';
import type { ListSpec } from '../../api/list';
import { imageStore } from '../../api/uploads';
import type { DevicesTable } from '../../db/schema';
import { envelopeSchema, ok } from '../../http/envelope';
import { requirePermission } from '../../rbac/permissions';
import { issuedSecret, newDeviceSecretColumns, withIssuedSecret, withoutSecretHash } from '../deviceLink/dockSecret';
import { defined } from '../fields';
import { deviceInput } from './schema';
import { COLLECTIONS } from '@shared/entities/collections';

/** Serials per query when resolving names (well under any database's bound-parameter limit). */
const NAMES_CHUNK = 1000;

/** A device row as the API shows it: never the dock secret's hash. */
export const deviceToApi = (row: Selectable<DevicesTable>) => withoutSecretHash(row);

/** GET /Device/'s list: search, ordering and filters (bench:api runs its SQL on a bare route too). */
export const deviceList: ListSpec<'devices'> = {
  table: 'devices',
  search: ['serial', 'name', 'model'],
  searchIndex: true,
  order: ['id', 'serial', 'name', 'model', 'status', 'battery', 'last_seen_at', 'created_at'],
  defaultOrder: '-created_at',
  filters: { status: 'string', kind: 'string', dept_id: 'int', model: 'string', needs_consistency_upgrade: 'int' },
};

export default async function deviceRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'device',
    ...COLLECTIONS.device,
    tag: 'devices',
    table: 'devices',
    list: deviceList,
    input: deviceInput,
    unique: ['serial'],
    refs: { dept_id: 'departments' },
    file: { field: 'photo', column: 'photo', ...imageStore(app.config.dataDir) },
    toRow: (input, ctx, existing) =>
      existing
        ? defined(input)
        : {
            // DJI link: a new dock gets its MQTT secret, shown once in the answer.
            ...newDeviceSecretColumns(input.kind, ctx.request),
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
    toApi: deviceToApi,
    names: DEPT_NAME,
    decorate: async (_db, items, request) => withIssuedSecret(items, request),
    // External broker with dynamic security: a new dock gets its account there (a removed device loses any it had
    // through the re-sync its domain event runs, server/mqtt/plugin.ts SCOPE_INPUTS).
    afterCommit: async (operation, row, request) => {
      const secret = issuedSecret(request);
      if (operation === 'create' && secret !== undefined) await app.mqtt?.credentials?.issueDock(row.serial, secret);
    },
  });

  // A read with a body: the /Tas view names thousands of serials at once, more than a query string holds.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Device/names/',
    {
      schema: {
        tags: ['devices'],
        summary: 'The names and ids of the given serials, for the registered devices in your data scope (others are left out)',
        body: deviceNamesRequestSchema,
        response: { 200: envelopeSchema(deviceNamesSchema) },
      },
      preValidation: requirePermission(app, 'device:read'),
    },
    async (request) => {
      const serials = [...new Set(request.body.serials)];
      const names: Record<string, string> = {};
      const ids: Record<string, number> = {};
      for (let i = 0; i < serials.length; i += NAMES_CHUNK) {
        const rows = await withDataScope(app.db.selectFrom('devices').select(['devices.id', 'serial', 'name']), 'devices', scopeOf(request))
          .where('serial', 'in', serials.slice(i, i + NAMES_CHUNK))
          .execute();
        for (const row of rows) {
          names[row.serial] = row.name;
          ids[row.serial] = row.id;
        }
      }
      return ok({ names, ids });
    },
  );
}
