import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AlertNotification } from '@shared/entities/alert';
import { installCopy, loadNewestCopy, storedCopyPath } from '../../../server/hms/catalogue';
import { aircraft, api, DOCK, registerDock, TestGateway } from '../mqtt/dji';
import { connect, end, loginToken, nextMessage, startServer, subscribe, type TestServer } from '../mqtt/support';
import { until } from '../../support/until';
import { DJI_FIXTURES } from '../../support/djiFixtures';

/** A small table in DJI's published format (our wording); see table.test.ts for what it holds. */
const SMALL_TABLE_FILE = path.resolve(__dirname, '../../fixtures/hms/hms.json');
const SMALL_TABLE = fs.readFileSync(SMALL_TABLE_FILE, 'utf8');
/** DJI's own example of an `hms` event (__tests__/fixtures/dji/, from DJI's Cloud API documentation). */
const DJI_HMS_EVENT = JSON.parse(fs.readFileSync(path.join(DJI_FIXTURES, 'mqtt/doc_dock1_events_hms.json'), 'utf8')) as {
  data: { list: Array<Record<string, unknown>> };
};

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-hms-'));
const removeDirs: string[] = [];
afterAll(() => removeDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** An HTTP server standing in for DJI's CDN; `answer` decides each response. */
async function cdn(answer: (res: http.ServerResponse) => void): Promise<{ url: string; requests: number; close(): Promise<void> }> {
  const state = { requests: 0 };
  const server = http.createServer((_req, res) => {
    state.requests++;
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/CloudAPI/hms.json`,
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('the copies of the table on disk', () => {
  it('the newest copy that parses wins; a broken one is reported and passed over', async () => {
    const dir = tempDir();
    removeDirs.push(dir);
    const [older, newer, broken] = ['older.json', 'newer.json', 'broken.json'].map((name) => path.join(dir, name));
    fs.writeFileSync(older, JSON.stringify({ fpv_tip_0x16100083: { zh: '旧', en: 'old' } }));
    fs.writeFileSync(newer, SMALL_TABLE);
    fs.writeFileSync(broken, '<html>502 Bad Gateway</html>');
    fs.utimesSync(older, new Date(1_000_000), new Date(1_000_000));
    fs.utimesSync(newer, new Date(2_000_000), new Date(2_000_000));
    const warnings: string[] = [];
    const copy = await loadNewestCopy([older, path.join(dir, 'missing.json'), broken, newer], (error, file) => warnings.push(`${file}: ${error.message}`));
    expect(copy?.source).toBe(newer);
    expect(copy?.table.codes).toBe(7);
    expect(warnings).toEqual([expect.stringMatching(/broken\.json: .*broken\.json is not JSON/)]);
    fs.utimesSync(older, new Date(3_000_000), new Date(3_000_000));
    expect((await loadNewestCopy([older, newer], () => undefined))?.source).toBe(older);
    expect(await loadNewestCopy([path.join(dir, 'missing.json')], () => undefined)).toBeNull();
  });

  it('installing checks the table first and leaves the stored copy alone when it is not one', async () => {
    const dir = tempDir();
    removeDirs.push(dir);
    await installCopy(dir, SMALL_TABLE, 'hms.json');
    expect(fs.readFileSync(storedCopyPath(dir), 'utf8')).toBe(SMALL_TABLE);
    await expect(installCopy(dir, '{"hello": {"en": "world"}}', 'other.json')).rejects.toThrow(
      /other\.json is not an HMS table in DJI's format: no dock_tip_0x/,
    );
    await expect(installCopy(dir, 'not json', 'bad.json')).rejects.toThrow(/bad\.json is not JSON/);
    expect(fs.readFileSync(storedCopyPath(dir), 'utf8')).toBe(SMALL_TABLE);
    expect(fs.readdirSync(path.dirname(storedCopyPath(dir)))).toEqual(['hms.json']);
  });

  it('npm run hms:update -- --file installs a copy by hand; a file that is not a table is refused with a reason', async () => {
    const dir = tempDir();
    removeDirs.push(dir);
    const run = promisify(execFile);
    const root = path.resolve(__dirname, '../../..');
    const env = { ...process.env, DATA_DIR: dir };
    const { stdout } = await run('npx', ['tsx', 'scripts/hmsUpdate.ts', '--file', SMALL_TABLE_FILE], { cwd: root, env });
    expect(stdout).toMatch(/Installed 10 HMS keys \(7 codes\)/);
    expect(fs.readFileSync(storedCopyPath(dir), 'utf8')).toBe(SMALL_TABLE);
    const notATable = path.join(dir, 'page.html');
    fs.writeFileSync(notATable, '<html></html>');
    await expect(run('npx', ['tsx', 'scripts/hmsUpdate.ts', '--file', notATable], { cwd: root, env })).rejects.toMatchObject({
      stderr: expect.stringMatching(/hms:update failed: .*page\.html is not JSON/),
    });
  }, 60_000);
});

describe("fetching DJI's published table", () => {
  it('at start, without holding the start up: kept as the stored copy, used at once and after a restart without the network', async () => {
    const dataDir = tempDir();
    removeDirs.push(dataDir);
    const site = await cdn((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(SMALL_TABLE));
    const server = await startServer({}, { DATA_DIR: dataDir, HMS_URL: site.url });
    try {
      await until(() => server.app.hms.current.source === site.url);
      expect(site.requests).toBe(1);
      expect(server.app.hms.current.table.codes).toBe(7);
      expect(fs.readFileSync(storedCopyPath(dataDir), 'utf8')).toBe(SMALL_TABLE);
    } finally {
      await server.app.close();
      await site.close();
    }
    const offline = await startServer({}, { DATA_DIR: dataDir, HMS_URL: 'off' });
    try {
      expect(offline.app.hms.current).toMatchObject({ source: storedCopyPath(dataDir), table: { codes: 7 } });
    } finally {
      await offline.app.close();
    }
  });

  it('a CDN that never answers neither holds the start nor the shutdown; the table in use stays', async () => {
    const dataDir = tempDir();
    removeDirs.push(dataDir);
    const site = await cdn(() => undefined);
    // The start resolves while the fetch still hangs, and closing aborts it rather than waiting out its timeout.
    const server = await startServer({}, { DATA_DIR: dataDir, HMS_URL: site.url, HMS_FETCH_TIMEOUT_MS: '300000' });
    let closedInMs: number;
    try {
      await until(() => site.requests === 1);
      expect(server.app.hms.current.source).toBe('built-in');
    } finally {
      const closing = Date.now();
      await server.app.close();
      closedInMs = Date.now() - closing;
      await site.close();
    }
    expect(closedInMs).toBeLessThan(60_000);
    expect(fs.existsSync(storedCopyPath(dataDir))).toBe(false);
  });
});

describe('alerts carry their text: the real HMS path from a dock to GET /api/Alert/ and sysinfo/alerts', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ user: 'ops', password: 'ops-secret', sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 }, { HMS_FILE: SMALL_TABLE_FILE });
    token = await loginToken(server);
  });
  afterAll(() => server?.close());

  it("texts from the table in DJI's format in both languages, message in the request's language, unknown codes by code", async () => {
    expect(server.app.hms.current.source).toBe(SMALL_TABLE_FILE);
    const { secret } = await registerDock(server, token, 'DOCK-HMS1');
    const dock = await TestGateway.connect(server.wsUrl, 'DOCK-HMS1', 'DOCK-HMS1', secret);
    const web = await connect(server.wsUrl, { clientId: 'web_hms1', username: 'admin', password: token });
    try {
      await dock.topo(DOCK, [aircraft('AC-HMS1')]);
      await subscribe(web, 'sysinfo/alerts');
      const pushed = nextMessage(web, 'sysinfo/alerts', 5000, (p) => (p as AlertNotification).alert.code === '0x19113D0D');
      const list = [
        // DJI's documentation example as it comes (aircraft 0-67-0, battery 0x16100083, sensor 0).
        ...DJI_HMS_EVENT.data.list,
        { code: '0x1b030019', level: 1, module: 3, in_the_sky: 1, imminent: 0, device_type: '0-89-0' },
        { code: '0x19113D0D', level: 1, module: 3, in_the_sky: 0, imminent: 0, device_type: '3-2-0', args: { sensor_index: 1 } },
        { code: '0x19999999', level: 0, module: 3, in_the_sky: 0, imminent: 0, device_type: '3-2-0' },
      ];
      expect(await dock.event('hms', { list })).toMatchObject({ data: { result: 0 } });
      const byCode = async (query: string, headers: Record<string, string> = {}) => {
        const response = await server.app.inject({
          method: 'GET',
          url: `/api/Alert/?search=HMS1&page_size=100${query}`,
          headers: { authorization: `Bearer ${token}`, ...headers },
        });
        expect(response.statusCode).toBe(200);
        const items = (
          response.json() as {
            data: { items: Array<{ id: number; code: string; message: string; message_zh: string; message_en: string; device_type: string }> };
          }
        ).data.items;
        return Object.fromEntries(items.map((a) => [a.code, a]));
      };
      const zh = await byCode('');
      expect(zh['0x16100083']).toMatchObject({
        device_type: '0-67-0',
        message: '电池未安装到位，请锁紧左电池',
        message_en: 'Battery not seated: lock battery left in place',
      });
      // Flying, no sky variant in the table: the base key's text.
      expect(zh['0x1B030019']).toMatchObject({ message: '飞行器偏离航线（0x1B030019）', message_en: 'Aircraft left the wayline (0x1B030019)' });
      expect(zh['0x19113D0D']).toMatchObject({ message: '右舱盖无法关闭', message_zh: '右舱盖无法关闭', message_en: 'The right dock cover does not close' });
      expect(zh['0x19999999']).toMatchObject({ message: '未知健康告警 0x19999999', message_en: 'Unknown HMS alarm 0x19999999' });

      for (const [query, headers] of [
        ['&lang=en', {}],
        ['&lang=EN', { 'accept-language': 'zh-CN' }],
        ['', { 'accept-language': 'en-GB,en;q=0.9,zh;q=0.5' }],
      ] as const) {
        const en = await byCode(query, headers);
        expect(Object.values(en).map((a) => a.message === a.message_en)).toEqual([true, true, true, true]);
        expect(en['0x19113D0D'].message).toBe('The right dock cover does not close');
      }
      const one = await server.app.inject({ method: 'GET', url: `/api/Alert/${zh['0x19113D0D'].id}/?lang=en`, headers: { authorization: `Bearer ${token}` } });
      expect(one.json()).toMatchObject({ data: { message: 'The right dock cover does not close', message_zh: '右舱盖无法关闭' } });
      const acked = await server.app.inject({
        method: 'POST',
        url: `/api/Alert/${zh['0x19113D0D'].id}/ack/`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
      expect(acked.json()).toMatchObject({ data: { acked_at: expect.any(String), message: 'The right dock cover does not close' } });
      const badLanguage = await api(server, token, 'GET', '/api/Alert/?lang=fr');
      expect(badLanguage).toMatchObject({ status: 400, errors: [expect.objectContaining({ field: 'lang' })] });

      // The browser's live push carries both texts (message in zh-cn, the default).
      expect(((await pushed).payload as AlertNotification).alert).toMatchObject({
        message: '右舱盖无法关闭',
        message_zh: '右舱盖无法关闭',
        message_en: 'The right dock cover does not close',
      });
    } finally {
      await end(web);
      await dock.end();
    }
  });
});
