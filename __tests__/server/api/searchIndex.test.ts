import { CompiledQuery, sql } from 'kysely';
import { listQuerySchema, matchingRows, toListQuery, type ListSpec, type TableName } from '../../../server/api/list';
import { deviceList } from '../../../server/entities/device/routes';
import { SERVER_START_TIMEOUT_MS, type Dialect } from './harness';
import { useTestApi } from './testApi';

/**
 * Issue 35: the searched lists (devices, tasks, routes, media) answer a search of 3+ characters through their
 * substring-search index (FTS5 trigram on SQLite, pg_trgm GIN on PostgreSQL) and shorter ones by a scan, with the
 * same rows either way: exactly those holding the text in a searched column. Names are chosen so the index's
 * candidates and the true matches differ (shared trigrams out of order, text split across columns).
 */
const NAMES = [
  '巡检任务-北区-0425',
  '巡检任务-南区-0426',
  '北区 光伏 巡检',
  'Solar Panel East 50%',
  'solar_panel_west',
  'PANEL-NORTH-0425',
  'line 0425 repeat 2504',
  'Ωmega É-tower',
  'a',
  'ab-abc',
];

/** Searches: CJK of 1, 2, 3+ characters, ASCII case, wildcards, 1–2 character texts no trigram index serves, misses. */
const SEARCHES = [
  '巡',
  '巡检',
  '巡检任务',
  '北区',
  '区-04',
  '光伏 巡',
  'solar',
  'SOLAR PANEL',
  'panel',
  '50%',
  '_',
  'r_p',
  '0425',
  '042',
  '04',
  '4',
  '2504',
  '5 r',
  'ab',
  'a',
  'abc',
  'Ωme',
  'É-t',
  'north-0425',
  'no such text',
  '检任务-北区-0425',
];

/** Both databases fold ASCII case; the texts above differ from the names in ASCII case only. */
const holding = (values: (string | null)[], text: string) => values.some((v) => v !== null && v.toLowerCase().includes(text.toLowerCase()));

describe.each<Dialect>(['sqlite', 'postgres'])('search through the substring index (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  const { call, tokens } = api;
  const ids: Record<'device' | 'task' | 'route' | 'media', { id: number; texts: string[]; dept: number }[]> = { device: [], task: [], route: [], media: [] };
  const depts: number[] = [];

  beforeAll(async () => {
    // Two departments, each with a project and a user who sees only its department (data scope `dept`) and files
    // its tasks and routes there.
    for (const name of ['north team', 'south team']) depts.push((await call('POST', '/api/Dept/', 'admin', { name })).body.data.id as number);
    const role = (
      await call('POST', '/api/Role/', 'admin', {
        code: 'searcher',
        name: 'searcher',
        permissions: ['device:read', 'task:read', 'task:write', 'project:read', 'project:write'],
        data_scope: 'dept',
      })
    ).body.data.id as number;
    const projects: number[] = [];
    for (const [i, dept] of depts.entries()) {
      projects.push((await call('POST', '/api/Project/', 'admin', { name: `search project ${i}`, status: 'active', dept_id: dept })).body.data.id as number);
      const username = `searcher${i}`;
      expect(
        (await call('POST', '/api/User/', 'admin', { username, name: username, password: `${username}-Pass-1`, dept_id: dept, role_ids: [role] })).status,
      ).toBe(200);
      tokens[username] = (await api.login(username, `${username}-Pass-1`)).body.data.token;
    }
    // Each name once per department: a search that drops the data scope finds the other department's twin.
    const db = api.server.handle.app.db;
    for (const [d, dept] of depts.entries()) {
      for (const [i, name] of NAMES.entries()) {
        const serial = `SRCH-${d}-${String(i).padStart(2, '0')}`;
        const model = i % 2 ? 'Matrice 30T' : '巡检机';
        const device = (await call('POST', '/api/Device/', 'admin', { serial, name, model, kind: 'aircraft', dept_id: dept })).body.data;
        ids.device.push({ id: device.id, texts: [serial, name, model], dept });
        const task = (await call('POST', '/api/Task/', `searcher${d}`, { name, project_id: projects[d], kind: 'inspection' })).body.data;
        ids.task.push({ id: task.id, texts: [name], dept });
        const waypoints = [
          { lat: 22.5, lng: 114, alt: 50, speed: 5 },
          { lat: 22.51, lng: 114.01, alt: 50, speed: 5 },
        ];
        const route = (await call('POST', '/api/Route/', `searcher${d}`, { project_id: projects[d], name, waypoints })).body.data;
        expect(route.id).toBeDefined();
        ids.route.push({ id: route.id, texts: [name], dept });
        // Media rows arrive from devices and uploads (covered by the media suites); here only their listing matters.
        const now = new Date().toISOString();
        const media = await db
          .insertInto('media')
          .values({
            project_id: projects[d],
            dept_id: dept,
            source: 'upload',
            name,
            type: 'photo',
            mime: 'image/jpeg',
            size: 1,
            object_key: `search/${d}/${i}.jpg`,
            fingerprint: `search-${d}-${i}`,
            taken_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.media.push({ id: media.id, texts: [name], dept });
      }
    }
  }, SERVER_START_TIMEOUT_MS);

  const LISTS = [
    ['device', '/api/Device/'],
    ['task', '/api/Task/'],
    ['route', '/api/Route/'],
    ['media', '/api/Media/'],
  ] as const;

  const found = async (path: string, search: string, as: string) => {
    const data = (await call('GET', `${path}?page_size=100&search=${encodeURIComponent(search)}`, as)).body.data as { items: { id: number }[]; total: number };
    return { total: data.total, ids: data.items.map((item) => item.id).sort((a, b) => a - b) };
  };

  it.each(LISTS)('%s: every search finds exactly the rows holding its text', async (kind, path) => {
    for (const search of SEARCHES) {
      const expected = ids[kind].filter((row) => holding(row.texts, search)).map((row) => row.id);
      expect([search, await found(path, search, 'admin')]).toEqual([search, { total: expected.length, ids: expected.sort((a, b) => a - b) }]);
    }
  });

  it.each(LISTS)("%s: a search finds only rows in the searcher's data scope", async (kind, path) => {
    for (const search of ['巡检', '巡检任务', 'panel', '0425']) {
      const expected = ids[kind].filter((row) => row.dept === depts[0] && holding(row.texts, search)).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      expect([search, await found(path, search, 'searcher0')]).toEqual([search, { total: expected.length, ids: expected.sort((a, b) => a - b) }]);
    }
  });

  it.each(LISTS)("%s: a scoped list pages through exactly the searcher's rows of the whole list, in order", async (_kind, path) => {
    type Row = { id: number };
    const all = (await call('GET', `${path}?page_size=100`, 'admin')).body.data.items as Row[];
    const mine = (await call('GET', `${path}?page_size=100`, 'searcher0')).body.data.items as Row[];
    const visible = new Set(mine.map((row) => row.id));
    expect(mine.length).toBeGreaterThan(0);
    expect(all.filter((row) => visible.has(row.id)).map((row) => row.id)).toEqual(mine.map((row) => row.id));
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(mine.length / 3) + 1; page++) {
      const data = (await call('GET', `${path}?page_size=3&page=${page}`, 'searcher0')).body.data as { items: Row[]; total: number };
      expect(data.total).toBe(mine.length);
      paged.push(...data.items.map((row) => row.id));
    }
    expect(paged).toEqual(mine.map((row) => row.id));
  });

  it('keeps the media trigram counts and index in step with renames', async () => {
    const db = api.server.handle.app.db;
    const rowsHolding = async (trigram: string) =>
      Number((await sql<{ rows: number }>`select rows from media_search_trigrams where trigram = ${trigram}`.execute(db)).rows[0]?.rows ?? 0);
    const [row] = ids.media;
    await db.updateTable('media').set({ name: 'Kestrel roost' }).where('id', '=', row.id).execute();
    expect([await rowsHolding('kes'), (await found('/api/Media/', 'kestrel', 'admin')).ids]).toEqual([1, [row.id]]);
    await db.updateTable('media').set({ name: NAMES[0] }).where('id', '=', row.id).execute();
    expect([await rowsHolding('kes'), (await found('/api/Media/', 'kestrel', 'admin')).total]).toEqual([0, 0]);
  });

  /** The plan the database makes for a search of `spec`'s list (the query listRows pages and counts). */
  const planOf = async (spec: ListSpec<TableName>, search: string) => {
    const db = api.server.handle.app.db;
    const query = toListQuery(spec, listQuerySchema(spec).parse({ search }));
    const compiled = (await matchingRows(db, spec, query)).select(sql`1`.as('one')).compile();
    if (dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      return rows.map((r) => r.detail).join('\n');
    }
    // A few rows make any scan cheap: with scans priced out, an index is used exactly when it can answer the query.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  };

  it.each<[TableName, string]>([
    ['devices', '1581f5fhd0042'],
    ['devices', '巡检机'],
    ['tasks', '北区-04'],
    ['routes', 'solar'],
    ['media', 'PANEL'],
  ])('%s: a search of %j is answered through the index', async (table, search) => {
    const spec = {
      ...deviceList,
      table,
      search: table === 'devices' ? deviceList.search : ['name'],
      order: ['id'],
      filters: {},
    } as unknown as ListSpec<TableName>;
    const index = dialect === 'sqlite' ? `${table}_search VIRTUAL TABLE` : `${table}_search_trgm`;
    expect(await planOf(spec, search)).toContain(index);
    expect(await planOf(spec, search.slice(0, 2))).not.toContain(index);
  });
});
