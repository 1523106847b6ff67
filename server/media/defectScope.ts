import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { scopeOf, withDataScope } from '../rbac/scopeQuery';

/** The defects whose photo the caller's data scope shows: a defect is seen with its photo. */
export const scopedDefects = (db: Kysely<Database>, request: FastifyRequest) =>
  withDataScope(db.selectFrom('defects').innerJoin('media', 'media.id', 'defects.media_id'), 'media', scopeOf(request)).selectAll('defects');
