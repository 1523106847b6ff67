import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The tables a row may refer to by id, and the column that names a row of each to a person. */
export const NAME_COLUMNS = {
  departments: 'name',
  users: 'display_name',
  devices: 'name',
  projects: 'name',
  routes: 'name',
} as const;

export type NamedTable = keyof typeof NAME_COLUMNS;

/** One display name an API row carries: `<field>` is the name of the `<table>` row whose id is in `<from>`. */
export interface NameRef {
  from: string;
  table: NamedTable;
}

/** Output field → where its name comes from, e.g. `{ pilot_name: { from: 'pilot_id', table: 'users' } }`. */
export type NameRefs = Record<string, NameRef>;

/** Shorthands for the references every entity shares. */
export const DEPT_NAME: NameRefs = { dept_name: { from: 'dept_id', table: 'departments' } };
export const DEVICE_NAME: NameRefs = { device_name: { from: 'device_id', table: 'devices' } };
export const PROJECT_NAME: NameRefs = { project_name: { from: 'project_id', table: 'projects' } };
export const ROUTE_NAME: NameRefs = { route_name: { from: 'route_id', table: 'routes' } };
export const PILOT_NAME: NameRefs = { pilot_name: { from: 'pilot_id', table: 'users' } };

const idsIn = (items: Record<string, unknown>[], field: string) =>
  items.map((item) => item[field]).filter((id): id is number => typeof id === 'number' && Number.isInteger(id));

/**
 * Adds the display name of every referenced row (null when the id is null or the row is gone), with one query per
 * referenced table for the whole page: a user who may read the list sees names without reading those tables,
 * and the console needs no per-row lookups.
 */
export async function withDisplayNames(db: Kysely<Database>, items: Record<string, unknown>[], refs: NameRefs): Promise<Record<string, unknown>[]> {
  const entries = Object.entries(refs);
  if (items.length === 0 || entries.length === 0) return items;
  const idsByTable = new Map<NamedTable, Set<number>>();
  for (const [, { from, table }] of entries) {
    const ids = idsByTable.get(table) ?? new Set<number>();
    for (const id of idsIn(items, from)) ids.add(id);
    idsByTable.set(table, ids);
  }
  const namesByTable = new Map<NamedTable, Map<number, string>>();
  await Promise.all(
    [...idsByTable].map(async ([table, ids]) => {
      const column = NAME_COLUMNS[table];
      const rows =
        ids.size === 0
          ? []
          : ((await (db as unknown as Kysely<Record<string, { id: number; [c: string]: unknown }>>)
              .selectFrom(table)
              .select(['id', column])
              .where('id', 'in', [...ids])
              .execute()) as Record<string, unknown>[]);
      namesByTable.set(table, new Map(rows.map((row) => [Number(row.id), String(row[column])])));
    }),
  );
  return items.map((item) => {
    const named = { ...item };
    for (const [field, { from, table }] of entries) {
      const id = item[from];
      named[field] = typeof id === 'number' ? (namesByTable.get(table)?.get(id) ?? null) : null;
    }
    return named;
  });
}
