import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseHandle } from './database';
import { isOtherSchemaDropped, isUniqueViolation } from './errors';
import type { MigrationContext } from './migrationHelpers';
import * as identity from './migrations/001_identity';
import * as domain from './migrations/002_domain';
import * as search from './migrations/003_search';
import * as searchTrigrams from './migrations/004_search_trigrams';
import * as deviceLink from './migrations/005_device_link';
import * as routes from './migrations/006_routes';
import * as flightRecords from './migrations/008_flight_records';
import * as airspaceRules from './migrations/009_airspace_rules';
import * as conformance from './migrations/010_conformance';
import * as dataScope from './migrations/011_data_scope';
import * as taskDispatch from './migrations/007_task_dispatch';
import * as media from './migrations/021_media';
import * as hms from './migrations/014_hms';
import * as pilot from './migrations/023_pilot';
import * as routeTemplates from './migrations/013_route_templates';
import * as defects from './migrations/030_defects';
import * as flightAreas from './migrations/060_flight_areas';
import * as firmware from './migrations/061_firmware';
import * as deviceLogs from './migrations/062_device_logs';
import * as recordings from './migrations/070_recordings';
import * as searchIndexes from './migrations/090_search_indexes';
import * as noticeAudience from './migrations/091_notice_audience';
import * as drcCredentials from './migrations/092_drc_credentials';
import * as noticeFacts from './migrations/097_notice_facts';
import * as noticeListIndexes from './migrations/101_notice_list_indexes';
import * as noticeTallies from './migrations/102_notice_tallies';
import * as noticeSearch from './migrations/103_notice_search';
import * as deviceConsistencyUpgrade from './migrations/130_device_consistency_upgrade';
import * as thingCredentialsGateway from './migrations/131_thing_credentials_gateway';

type VersionedMigration = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Every schema version in order; a new migration is appended here and never edited once released. */
const migrations: Record<string, VersionedMigration> = {
  '001_identity': identity,
  '002_domain': domain,
  '003_search': search,
  '004_search_trigrams': searchTrigrams,
  '005_device_link': deviceLink,
  '006_routes': routes,
  '008_flight_records': flightRecords,
  '009_airspace_rules': airspaceRules,
  '010_conformance': conformance,
  '011_data_scope': dataScope,
  '007_task_dispatch': taskDispatch,
  '021_media': media,
  '014_hms': hms,
  '023_pilot': pilot,
  '013_route_templates': routeTemplates,
  '030_defects': defects,
  '060_flight_areas': flightAreas,
  '061_firmware': firmware,
  '062_device_logs': deviceLogs,
  '070_recordings': recordings,
  '090_search_indexes': searchIndexes,
  '091_notice_audience': noticeAudience,
  '092_drc_credentials': drcCredentials,
  '097_notice_facts': noticeFacts,
  '101_notice_list_indexes': noticeListIndexes,
  '102_notice_tallies': noticeTallies,
  '103_notice_search': noticeSearch,
  '130_device_consistency_upgrade': deviceConsistencyUpgrade,
  '131_thing_credentials_gateway': thingCredentialsGateway,
};

/** Attempts of a migration run whose catalog scan met another schema's drop (isOtherSchemaDropped). */
const MIGRATION_ATTEMPTS = 3;

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const ctx: MigrationContext = { dialect: handle.dialect };
  if (handle.dialect === 'postgres' && handle.schema) {
    // "if not exists" does not cover a twin instance creating it at the same moment: that one's unique violation means it is there.
    await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  }
  const provider = {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, ctx) }]));
    },
  };
  // With a schema, the migration bookkeeping lives in it too (Kysely's "does the table exist" check looks at every schema).
  const migrator = new Migrator({
    db: handle.db,
    provider,
    ...(handle.dialect === 'postgres' && handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    // Applied migrations are not applied again: a retry after another schema's drop carries on where this one stopped.
    if (error && attempt < MIGRATION_ATTEMPTS && handle.dialect === 'postgres' && isOtherSchemaDropped(error, handle.schema)) continue;
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}
