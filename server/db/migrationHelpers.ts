import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from './database';

export interface MigrationContext {
  dialect: DialectName;
}

/** An auto-incrementing integer primary key named id, spelled the way each dialect wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, ctx: MigrationContext): CreateTableBuilder<T, 'id'> {
  return ctx.dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
