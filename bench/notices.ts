/**
 * npm run bench:notices — the inbox of a user with 100k notices (SQLite by default): the filtered list with its total,
 * GET /api/Notice/?published=1&page=1&page_size=20 with unread / level / text search (and together), as the
 * /personal/message page asks for it, and the unread count the header bell shows (GET /api/Notice/unread/), over HTTP. Asserts nothing; prints p50/p99 per query (target p99 < 50 ms).
 *
 * The notices: a 20th urgent notices of confirmed defects of a project the user is a member of (facts, written per
 * reader in SQL; their search text kept as the platform keeps it), a 20th of another project (not the user's), the rest people's notices for everyone in three
 * levels; the user has read two thirds of them.
 *
 *   npm run bench:notices [-- --notices 100000 --rounds 60 --dialect sqlite|postgres]
 */
import { apiClient } from './apiClient';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { sql } from 'kysely';
import { buildServer } from '../server/app';
import { readConfig } from '../server/config';
import { nowIso } from '../server/db/time';
import { rewriteNoticeSearchTexts, type UrgentDefectFacts } from '../server/media/urgentDefects';
import { multipart } from '../__tests__/server/api/harness';
import { MAVIC, RECT } from '../__tests__/server/media/photoFixtures';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const NOTICES = Number(arg('notices', '100000'));
const ROUNDS = Number(arg('rounds', '60'));
const DIALECT = arg('dialect', 'sqlite') as 'sqlite' | 'postgres';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_PASSWORD = 'bench-notices-Admin-1';
const READER_PASSWORD = 'bench-notices-Reader-1';
const BATCH = 500;
const LEVELS = ['info', 'warning', 'urgent'] as const;
const WORDS = ['巡检安排', '设备维护', '空域调整', '电池更换', '航线更新', 'firmware upgrade', 'weather warning', 'training'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-notices-'));
  const schema = `bench_notices_${randomBytes(4).toString('hex')}`;
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    DEMO_SEED: '0',
    HMS_URL: 'off',
    TASK_SCHEDULER_INTERVAL_MS: '0',
    ...(DIALECT === 'postgres' ? { DATABASE_URL: `${PG_URL}?schema=${schema}` } : {}),
  });
  const { app } = await buildServer(config, { apiRateLimit: 1_000_000, loginRateLimit: 100_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const { http, login } = apiClient(base);
    const admin = await login('admin', ADMIN_PASSWORD);

    // The reader: signed in, no notice:write (so the inbox's reader rules apply), a member of one of two projects.
    const role = (await http(admin, 'POST', '/api/Role/', { code: 'notice_reader', name: 'notice reader', permissions: ['task:read'], data_scope: 'all' })).id;
    const reader = (await http(admin, 'POST', '/api/User/', { username: 'reader', name: '巡检员', password: READER_PASSWORD, role_ids: [role] })).id as number;
    const own = (await http(admin, 'POST', '/api/Project/', { name: '输电线路巡检', status: 'active', members: [reader] })).id as number;
    const other = (await http(admin, 'POST', '/api/Project/', { name: '光伏巡检', status: 'active' })).id as number;
    const category = await app.db.selectFrom('defect_categories').select('id').orderBy('id').executeTakeFirst();
    // The defects the urgent notices announce: on one real DJI photo of each project (the reader sees them all).
    const photoOf = async (projectId: number) => {
      const body = multipart({ project_id: String(projectId) }, { field: 'file', filename: 'DJI_0010.JPG', contentType: 'image/jpeg', data: MAVIC });
      const answer = await app.inject({
        method: 'POST',
        url: '/api/Media/',
        headers: { ...body.headers, authorization: `Bearer ${admin}` },
        payload: body.payload,
      });
      return (answer.json() as { data: { item: { id: number } } }).data.item.id;
    };
    const photos = new Map([
      [own, await photoOf(own)],
      [other, await photoOf(other)],
    ]);

    const start = Date.now() - NOTICES * 60_000;
    let written = 0;
    for (let from = 0; from < NOTICES; from += BATCH) {
      const rows = [];
      const urgentOf = (i: number) => (i % 20 === 0 ? own : i % 20 === 10 ? other : null);
      const defectRows = [];
      for (let i = from; i < Math.min(NOTICES, from + BATCH); i++) {
        const project = urgentOf(i);
        if (project === null) continue;
        const at = nowIso(start + i * 60_000);
        defectRows.push({
          media_id: photos.get(project)!,
          project_id: project,
          task_id: null,
          flight_record_id: null,
          category_id: category?.id ?? null,
          severity: i % 40 === 0 ? 'critical' : 'high',
          status: 'confirmed',
          region: JSON.stringify(RECT),
          note: i % 3 === 0 ? `绝缘子伞裙破损 ${i}` : null,
          lat: null,
          lng: null,
          assignee_id: null,
          created_by: null,
          created_at: at,
          updated_at: at,
        });
      }
      const defects = defectRows.length ? await app.db.insertInto('defects').values(defectRows).returning('id').execute() : [];
      let nextDefect = 0;
      for (let i = from; i < Math.min(NOTICES, from + BATCH); i++) {
        const at = nowIso(start + i * 60_000);
        const project = urgentOf(i);
        const defectId = project === null ? 0 : defects[nextDefect++].id;
        const facts: UrgentDefectFacts = {
          kind: 'urgent_defect',
          defect_id: defectId,
          severity: i % 40 === 0 ? 'critical' : 'high',
          category_id: category?.id ?? null,
          task_id: null,
          media_id: 1,
          by: 'admin',
          note: i % 3 === 0 ? `绝缘子伞裙破损 ${i}` : null,
        };
        const stamps = { publish_at: at, created_by: null, created_at: at, updated_at: at };
        rows.push(
          project !== null
            ? { title: '', content: '', level: 'urgent', facts: JSON.stringify(facts), project_id: project, defect_id: defectId, ...stamps }
            : {
                title: `${WORDS[i % WORDS.length]} ${i}`,
                content: `${WORDS[(i * 7) % WORDS.length]}：请各班组按计划执行（第 ${i} 号通知）。`,
                level: LEVELS[Math.floor(i / 3) % LEVELS.length],
                facts: null,
                project_id: null,
                defect_id: null,
                ...stamps,
              },
        );
      }
      const ids = await app.db.insertInto('notices').values(rows).returning('id').execute();
      // The urgent notices' search text, as the platform writes it with each of them (notifyUrgentDefect).
      await rewriteNoticeSearchTexts(app.db, DIALECT, (eb) =>
        eb(
          'notices.id',
          'in',
          ids.map(({ id }) => id),
        ),
      );
      // Two thirds read.
      const reads = ids.filter((_, k) => (from + k) % 3 !== 0).map(({ id }) => ({ notice_id: id, user_id: reader, read_at: nowIso() }));
      if (reads.length) await app.db.insertInto('notice_reads').values(reads).execute();
      written += rows.length;
    }
    // PostgreSQL plans by its statistics: gathered now, as autovacuum does after a bulk load where it runs (this
    // machine's server runs without it; unanalysed, a range of publish times is guessed to hold a third of the table).
    if (DIALECT === 'postgres') await sql`analyze notices, notice_reads, notice_tallies, notice_read_tallies, projects, defects`.execute(app.db);
    const token = await login('reader', READER_PASSWORD);
    const inbox = '/api/Notice/?published=1&page=1&page_size=20';
    const queries: Array<[string, string]> = [
      ['the inbox as opened', inbox],
      ['unread', `${inbox}&unread=1`],
      ['level urgent', `${inbox}&level=urgent`],
      ['unread, level warning', `${inbox}&unread=1&level=warning`],
      ['text: a word of people notices', `${inbox}&search=${encodeURIComponent('设备维护')}`],
      ['text: an urgent notice (rendered)', `${inbox}&search=${encodeURIComponent('伞裙破损 99')}`],
      ['text, rare', `${inbox}&search=${encodeURIComponent('第 4242 号')}`],
      ['unread, urgent, text', `${inbox}&unread=1&level=urgent&search=${encodeURIComponent('严重')}`],
      ['page 50, unread', `${inbox.replace('page=1', 'page=50')}&unread=1`],
      ['the unread count (bell)', '/api/Notice/unread/'],
    ];
    console.log(`notices: ${written.toLocaleString('en')} (${DIALECT}); the reader, over HTTP, page of 20 with its total:`);
    const all: number[] = [];
    for (const [label, url] of queries) {
      const sample = await http(token, 'GET', url);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        await http(token, 'GET', url);
        times.push(performance.now() - t);
      }
      all.push(...times);
      console.log(
        `  ${label}: total ${Number(sample.total ?? sample.count).toLocaleString('en')}, p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
      );
    }
    console.log(`  all ${all.length} requests: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))} (target p99 < 50 ms)`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (DIALECT === 'postgres') {
      const client = new Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
