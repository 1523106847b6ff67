import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess, type ServerProcess } from '../../support/serverProcess';
import { ADMIN_PASSWORD, assertPostgres, dropSchema, multipart, PG_URL, type Dialect } from '../api/harness';

jest.setTimeout(240_000);

/** Per database: six in all. */
const CRASHES = 3;
const WORKERS = 8;
/** The start-up sweep's age limit for unreferenced uploads (UPLOAD_ORPHAN_AGE_S); the test dates the files back past it before each restart. */
const ORPHAN_AGE_S = 1;
const UPLOAD_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp)$/;

/** What the client was told a row holds (a photo by its bytes; its URL once an answer named it). */
interface DeptState {
  name: string;
}
interface DeviceState {
  name: string;
  photo: Buffer | null;
  url?: string | null;
}
/** One row as the writes left it: the last acknowledged state (null: deleted, undefined: never acknowledged) and a write in flight. */
interface Tracked<S> {
  id?: number;
  acked?: S | null;
  inFlight?: { state: S | null };
}

/** A write answered with other than 2xx. */
class Refused extends Error {}

const uniquePng = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(48)]);

/**
 * kill -9 during a burst of concurrent writes (departments, devices with photos, renames, photo replacements, deletes),
 * CRASHES times over the same data: after each restart every acknowledged write is stored as acknowledged, a write in
 * flight at the kill is either fully there or not at all, every stored photo's file is on disk with its bytes, and no
 * upload file is left that no row refers to (an "orphan": server/api/uploads.ts writes a file before its row commits
 * and removes a replaced or deleted row's file after).
 */
describe.each<Dialect>(['sqlite', 'postgres'])('kill -9 during a write burst (%s)', (dialect) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-kill-'));
  const schema = `t_${process.pid}_kill_${randomBytes(3).toString('hex')}`;
  const uploads = path.join(root, 'data', 'uploads');
  const depts = new Map<string, Tracked<DeptState>>();
  const devices = new Map<string, Tracked<DeviceState>>();
  let server: ServerProcess | undefined;

  const env = () => ({
    DATA_DIR: path.join(root, 'data'),
    DIST_DIR: path.join(root, 'dist'),
    ADMIN_PASSWORD,
    DEMO_SEED: '0',
    MQTT_ENABLED: '0',
    API_RATE_LIMIT: '1000000',
    UPLOAD_ORPHAN_AGE_S: String(ORPHAN_AGE_S),
    ...(dialect === 'postgres' ? { DATABASE_URL: `${PG_URL}?schema=${schema}` } : {}),
  });

  beforeAll(async () => {
    if (dialect === 'postgres') await assertPostgres();
  });
  afterAll(async () => {
    await server?.stop();
    if (dialect === 'postgres') await dropSchema(schema);
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function signIn(target: ServerProcess): Promise<string> {
    const response = await fetch(new URL('api/auth/login/', target.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    return ((await response.json()) as { data: { token: string } }).data.token;
  }

  /**
   * Runs WORKERS writers until the server dies; kills it once `killAfter` writes are acknowledged. A write counts as
   * acknowledged when its 2xx answer arrived; any other answer fails the test.
   */
  async function burst(target: ServerProcess, token: string, round: number, killAfter: number): Promise<string[]> {
    let acks = 0;
    let killing: Promise<void> | undefined;
    const send = async (method: string, url: string, body: { payload: Buffer | string; headers: Record<string, string> }) => {
      const response = await fetch(new URL(`api${url}`, target.url), {
        method,
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        body: typeof body.payload === 'string' ? body.payload : new Uint8Array(body.payload),
      });
      const answer = (await response.json()) as { data: { id: number; photo?: string | null } | null };
      if (response.status !== 200) throw new Refused(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
      if (++acks >= killAfter) killing ??= target.kill();
      return answer.data;
    };
    const json = (value: unknown) => ({ payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } });
    /** Sends one write of `row`: in flight until its answer, then acknowledged. */
    const write = async <S>(row: Tracked<S>, state: S | null, request: () => Promise<{ id: number; photo?: string | null } | null>) => {
      row.inFlight = { state };
      const data = await request();
      if (data) row.id = data.id;
      row.acked = state && data && 'photo' in data ? { ...state, url: data.photo } : state;
      row.inFlight = undefined;
    };

    const worker = async (w: number) => {
      for (let i = 0; ; i++) {
        const key = `${dialect}-${round}-${w}-${i}`;
        const dept: Tracked<DeptState> = {};
        depts.set(`D ${key}`, dept);
        await write(dept, { name: `D ${key}` }, () => send('POST', '/Dept/', json({ name: `D ${key}` })));

        const device: Tracked<DeviceState> = {};
        devices.set(key, device);
        const first = uniquePng();
        await write(device, { name: 'Burst drone', photo: first }, () =>
          send(
            'POST',
            '/Device/',
            multipart(
              { serial: key, name: 'Burst drone', model: 'M30', kind: 'aircraft' },
              { field: 'photo', filename: 'a.png', contentType: 'image/png', data: first },
            ),
          ),
        );
        await write(device, { name: 'Renamed', photo: first }, () => send('PATCH', `/Device/${device.id}/`, json({ name: 'Renamed' })));
        const second = uniquePng();
        await write(device, { name: 'Rephotographed', photo: second }, () =>
          send(
            'PUT',
            `/Device/${device.id}/`,
            multipart({ name: 'Rephotographed' }, { field: 'photo', filename: 'b.png', contentType: 'image/png', data: second }),
          ),
        );
        if (i % 2) await write(device, null, () => send('DELETE', `/Device/${device.id}/`, { payload: '', headers: {} }));
      }
    };
    const workers = await Promise.allSettled(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await killing;
    // A worker ends when the server dies under it (its request fails); an answer other than 2xx is a finding.
    expect(acks).toBeGreaterThanOrEqual(killAfter);
    return workers.flatMap((settled) => {
      const error = (settled as PromiseRejectedResult).reason as Error;
      return error instanceof Refused ? [error.message] : [];
    });
  }

  /** Every row of a list endpoint (page by page), by `key`. */
  async function stored<T extends Record<string, unknown>>(target: ServerProcess, token: string, url: string, key: keyof T): Promise<Map<string, T>> {
    const rows = new Map<string, T>();
    for (let page = 1; ; page++) {
      const response = await fetch(new URL(`api${url}?page=${page}&page_size=100&ordering=id`, target.url), { headers: { authorization: `Bearer ${token}` } });
      const { items } = ((await response.json()) as { data: { items: T[] } }).data;
      for (const item of items) rows.set(String(item[key]), item);
      if (items.length < 100) return rows;
    }
  }

  const fileBytes = (url: string) => {
    const file = path.join(uploads, url.replace(/^\/uploads\//, ''));
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  };

  /** Which of the states a write may have left (acknowledged, or the one in flight) the stored row is; problems otherwise. */
  function settle<S>(
    what: string,
    row: Tracked<S>,
    actual: Record<string, unknown> | undefined,
    matches: (state: S, actual: Record<string, unknown>) => string | null,
  ): { problems: string[]; state?: S | null } {
    const candidates = [row.acked ?? null, ...(row.inFlight ? [row.inFlight.state] : [])];
    const mismatches: string[] = [];
    for (const candidate of candidates) {
      if (candidate === null) {
        if (!actual) return { problems: [], state: null };
        mismatches.push('should be absent');
        continue;
      }
      if (!actual) {
        mismatches.push('is missing');
        continue;
      }
      if (row.id !== undefined && actual.id !== row.id) {
        mismatches.push(`has id ${String(actual.id)}, acknowledged ${row.id}`);
        continue;
      }
      const mismatch = matches(candidate, actual);
      if (!mismatch) return { problems: [], state: candidate };
      mismatches.push(mismatch);
    }
    return { problems: [`${what} (acknowledged ${row.acked === undefined ? 'never' : 'yes'}): ${mismatches.join(' / ')}`] };
  }

  const deviceMatches = (state: DeviceState, actual: Record<string, unknown>) => {
    if (actual.name !== state.name) return `name ${String(actual.name)}, expected ${state.name}`;
    if (state.photo === null) return actual.photo === null ? null : `photo ${String(actual.photo)}, expected none`;
    if (typeof actual.photo !== 'string') return 'no photo';
    if (state.url !== undefined && actual.photo !== state.url) return `photo ${actual.photo}, acknowledged ${String(state.url)}`;
    const bytes = fileBytes(actual.photo);
    if (!bytes) return `photo file ${actual.photo} missing (half-written row)`;
    return bytes.equals(state.photo) ? null : `photo file ${actual.photo} holds other bytes`;
  };

  /** Compares what is stored with every write so far; resolves in-flight writes to what was stored. */
  async function check(target: ServerProcess, token: string): Promise<string[]> {
    const problems: string[] = [];
    const storedDepts = await stored<{ id: number; name: string }>(target, token, '/Dept/', 'name');
    const storedDevices = await stored<{ id: number; serial: string; photo: string | null }>(target, token, '/Device/', 'serial');
    for (const [name, row] of depts) {
      const result = settle(`department ${name}`, row, storedDepts.get(name), (state, actual) => (actual.name === state.name ? null : 'other name'));
      problems.push(...result.problems);
      if (result.state !== undefined) Object.assign(row, { acked: result.state, inFlight: undefined, id: storedDepts.get(name)?.id });
    }
    for (const [serial, row] of devices) {
      const actual = storedDevices.get(serial);
      const result = settle(`device ${serial}`, row, actual, deviceMatches);
      problems.push(...result.problems);
      if (result.state !== undefined)
        Object.assign(row, { acked: result.state && { ...result.state, url: actual?.photo }, inFlight: undefined, id: actual?.id });
    }
    // No device stored that no write asked for.
    for (const serial of storedDevices.keys()) if (!devices.has(serial)) problems.push(`device ${serial} stored but never written`);

    // Orphans: files under DATA_DIR/uploads that no device row refers to.
    const referenced = new Set([...storedDevices.values()].flatMap((d) => (d.photo ? [d.photo.replace(/^\/uploads\//, '')] : [])));
    const files = fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
    for (const file of files) if (!UPLOAD_NAME.test(file) || !referenced.has(file)) problems.push(`orphan upload file ${file}`);
    return problems;
  }

  /** Moves the modification time of every file under DATA_DIR/uploads `ms` into the past. */
  function ageUploads(ms: number) {
    const past = new Date(Date.now() - ms);
    for (const file of fs.existsSync(uploads) ? fs.readdirSync(uploads) : []) fs.utimesSync(path.join(uploads, file), past, past);
  }

  it(`keeps every acknowledged write, half-writes nothing and leaves no orphan upload across ${CRASHES} crashes`, async () => {
    server = await spawnServerProcess(env());
    const findings: string[] = [];
    for (let round = 0; round < CRASHES; round++) {
      const token = await signIn(server);
      findings.push(...(await burst(server, token, round, randomInt(20, 60))));
      // Files written just before the kill are too young for the start-up sweep: date them back past its age limit.
      ageUploads(ORPHAN_AGE_S * 1000 + 1000);
      server = await spawnServerProcess(env());
      findings.push(...(await check(server, await signIn(server))).map((p) => `after crash ${round + 1}: ${p}`));
    }
    expect(findings).toEqual([]);
    expect(devices.size).toBeGreaterThan(CRASHES * WORKERS);
  });
});
