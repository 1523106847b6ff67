import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AIRSPACE_RESTRICTING_CATEGORIES, type FeatureInput } from '@shared/entities/feature';
import type { Polygon } from '@shared/geo';
import { writeAudit } from '../../domain/audit';
import { parseJson, toJsonText } from '../../db/json';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { FieldError } from '../../http/envelope';
import { defined } from '../fields';

/**
 * A feature's input → its columns; on create (`createdBy` given: who draws it, null when unknown) style and properties
 * default to {}.
 */
export function featureToRow(input: Partial<FeatureInput>, createdBy?: number | null): Record<string, unknown> {
  const row = defined({ ...input, geometry: toJsonText(input.geometry), style: toJsonText(input.style), properties: toJsonText(input.properties) });
  return createdBy === undefined ? row : { project_id: null, style: '{}', properties: '{}', created_by: createdBy, ...row };
}

/** Field errors (features.<index>.project_id) for imported features naming a project that does not exist. */
export async function missingProjects(db: Kysely<Database>, features: Pick<FeatureInput, 'project_id'>[]): Promise<FieldError[]> {
  const named = [...new Set(features.map((f) => f.project_id).filter((id): id is number => typeof id === 'number'))];
  if (named.length === 0) return [];
  const found = new Set((await db.selectFrom('projects').select('id').where('id', 'in', named).execute()).map((p) => p.id));
  return features.flatMap((f, index) =>
    typeof f.project_id === 'number' && !found.has(f.project_id)
      ? [
          {
            field: `features.${index}.project_id`,
            message: `no projects row with id ${f.project_id}`,
            code: 'field.unknown_ref' as const,
            params: { id: f.project_id },
          },
        ]
      : [],
  );
}

/** Saves many features in the caller's transaction, each audited as a create; returns their ids in input order. */
export async function insertFeatures(db: Kysely<Database>, request: Pick<FastifyRequest, 'auth'>, features: FeatureInput[]): Promise<number[]> {
  const now = nowIso();
  const ids: number[] = [];
  for (const feature of features) {
    const row = featureToRow(feature, request.auth?.userId ?? null) as {
      name: string;
      category: string;
      geometry: string;
      style: string;
      properties: string;
      project_id: number | null;
      created_by: number | null;
    };
    const inserted = await db
      .insertInto('features')
      .values({ ...row, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(inserted.id));
    await writeAudit(db, request, 'create', 'feature', inserted.id, feature);
  }
  return ids;
}

export interface RestrictingArea {
  id: number;
  name: string;
  category: string;
  polygon: Polygon;
}

/** The polygons of the no-fly and restricted categories (AIRSPACE_RESTRICTING_CATEGORIES): what routes and flights must keep out of. */
export async function restrictingAreas(db: Kysely<Database>): Promise<RestrictingArea[]> {
  const rows = await db
    .selectFrom('features')
    .select(['id', 'name', 'category', 'geometry'])
    .where('category', 'in', [...AIRSPACE_RESTRICTING_CATEGORIES])
    .execute();
  return rows.flatMap((row) => {
    const geometry = parseJson<{ type?: string } | null>(row.geometry, null);
    return geometry?.type === 'Polygon' ? [{ id: row.id, name: row.name, category: row.category, polygon: geometry as Polygon }] : [];
  });
}
