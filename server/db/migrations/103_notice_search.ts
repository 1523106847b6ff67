import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../schema';
import type { MigrationContext } from '../migrationHelpers';
import { createPgSearchIndex, createSqliteSearchIndex, pgTrgmSchema } from '../searchIndex';
import { rewriteNoticeSearchTexts } from '../../media/urgentDefects';

/** The notices' indexed columns: people's notices are searched as written, platform notices through search_text. */
const INDEXED = ['title', 'content', 'search_text'];

/**
 * Indexed text search over the notices as their readers see them (`npm run bench:notices`): the search read every
 * notice's text as written per reader in SQL (a CASE over its facts, server/media/urgentDefects.ts), 100k of them,
 * 0.1 s on SQLite and 1.3-2 s on PostgreSQL. A platform notice's every text (both languages, full and hidden forms)
 * is kept in notices.search_text, and the index of server/db/searchIndex.ts covers title, content and search_text:
 * a search asks it for candidates and checks each reader's own text on them only. The texts are written now for the
 * notices there are; new ones, a renamed project and a removed category rewrite theirs (rewriteNoticeSearchTexts).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('notices').addColumn('search_text', 'text').execute();
  await rewriteNoticeSearchTexts(db as Kysely<Database>, ctx.dialect, () => sql<SqlBool>`true`);
  if (ctx.dialect === 'sqlite') await createSqliteSearchIndex(db, 'notices', INDEXED);
  else await createPgSearchIndex(db, await pgTrgmSchema(db), 'notices', INDEXED);
}
