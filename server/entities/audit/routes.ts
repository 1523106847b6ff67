import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { registerCrud } from '../../api/crud';
import { parseJson } from '../../db/json';
import type { AuditLogTable } from '../../db/schema';
import { COLLECTIONS } from '@shared/entities/collections';

export const auditToApi = (row: Selectable<AuditLogTable>) => ({ ...row, detail: parseJson(row.detail, row.detail) });

/** The audit log: read only. */
export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    entity: 'audit',
    ...COLLECTIONS.audit,
    tag: 'admin',
    table: 'audit_log',
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
    toApi: auditToApi,
  });
}
