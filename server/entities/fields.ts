import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, type FieldError } from '../http/envelope';

/** Copies the keys whose value is defined (PUT/PATCH leave omitted fields unchanged). */
export function defined(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) out[k] = v;
  return out;
}

/** A field error on `fieldB` when `a` is not before `b` (times) or is above `b` (numbers). */
export function orderErrors(a: unknown, b: unknown, fieldB: string, message: string): FieldError[] {
  return typeof a === 'string' && typeof b === 'string' && a >= b
    ? [{ field: fieldB, message }]
    : typeof a === 'number' && typeof b === 'number' && a > b
      ? [{ field: fieldB, message }]
      : [];
}

/** 400 when `parentId` is row `id` itself or one of its descendants: the tree would become a loop. */
export async function checkParent(db: Kysely<Database>, table: 'departments' | 'resources', id: number, parentId: number | null | undefined): Promise<void> {
  for (let at = parentId ?? null; at !== null;) {
    if (at === id)
      throw badRequest('Invalid body: parent_id cannot be the row itself or one of its descendants', [
        { field: 'parent_id', message: 'cannot be the row itself or one of its descendants' },
      ]);
    at = (await db.selectFrom(table).select('parent_id').where('id', '=', at).executeTakeFirst())?.parent_id ?? null;
  }
}
