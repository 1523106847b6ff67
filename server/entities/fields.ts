import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { invalidInput, type FieldError } from '../http/envelope';

/** Copies the keys whose value is defined (PUT/PATCH leave omitted fields unchanged). */
export function defined(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) out[k] = v;
  return out;
}

/** A field error on `fieldB` when time `a` is not before `b`, or number `a` is above `b`. */
export function orderErrors(a: unknown, b: unknown, fieldA: string, fieldB: string): FieldError[] {
  if (typeof a === 'string' && typeof b === 'string' && a >= b)
    return [{ field: fieldB, message: `must be after ${fieldA}`, code: 'field.not_after', params: { other: fieldA } }];
  if (typeof a === 'number' && typeof b === 'number' && a > b)
    return [{ field: fieldB, message: `must be at least ${fieldA}`, code: 'field.below', params: { other: fieldA } }];
  return [];
}

/** 400 when `parentId` is row `id` itself or one of its descendants: the tree would become a loop. */
export async function checkParent(db: Kysely<Database>, table: 'departments' | 'resources', id: number, parentId: number | null | undefined): Promise<void> {
  for (let at = parentId ?? null; at !== null;) {
    if (at === id)
      throw invalidInput('body', [{ field: 'parent_id', message: 'cannot be the row itself or one of its descendants', code: 'field.parent_cycle' }]);
    at = (await db.selectFrom(table).select('parent_id').where('id', '=', at).executeTakeFirst())?.parent_id ?? null;
  }
}
