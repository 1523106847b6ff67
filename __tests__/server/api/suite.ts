import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { DEMO_COUNTS } from '../../../server/seed/demo';
import { ADMIN_PASSWORD, multipart, PNG, startServer, type Dialect, type TestServer } from './harness';

type Json = { code: number; msg: string; data: any; errors?: { field: string; message: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The whole API suite; api.sqlite.test.ts and api.pg.test.ts run it against each database. */
export function runApiSuite(dialect: Dialect): void {
  let server: TestServer;
  const tokens: Record<string, string> = {};

  const call = async (method: InjectOptions['method'], url: string, as?: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await server.handle.app.inject({
      method,
      url,
      headers: { ...headers, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
      ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
  };
  const login = async (username: string, password: string) => call('POST', '/api/auth/login/', undefined, { username, password });
  const total = async (url: string, as = 'admin') => (await call('GET', url, as)).body.data.total as number;

  beforeAll(async () => {
    server = await startServer(dialect);
    for (const [user, password] of [
      ['admin', ADMIN_PASSWORD],
      ['operator1', server.handle.demoPasswords!.operator1],
      ['viewer1', server.handle.demoPasswords!.viewer1],
    ]) {
      const response = await login(user, password);
      expect(response.status).toBe(200);
      tokens[user] = response.body.data.token;
    }
  });
  afterAll(async () => server?.close());

  describe(`demo seed (${dialect})`, () => {
    it('seeds the documented counts on a fresh database', async () => {
      expect(server.handle.demoPasswords).not.toBeNull();
      const counts: [string, number][] = [
        ['/api/Dept/', DEMO_COUNTS.departments],
        ['/api/Role/', DEMO_COUNTS.roles],
        ['/api/User/', DEMO_COUNTS.users],
        ['/api/Device/', DEMO_COUNTS.devices],
        ['/api/Project/', DEMO_COUNTS.projects],
        ['/api/Route/', DEMO_COUNTS.routes],
        ['/api/Task/', DEMO_COUNTS.tasks],
        ['/api/Airspace/Apply/', DEMO_COUNTS.applications],
        ['/api/Airspace/Plan/', DEMO_COUNTS.plans],
        ['/api/Airspace/Report/', DEMO_COUNTS.reports],
        ['/api/Feature/', DEMO_COUNTS.features],
        ['/api/Notice/', DEMO_COUNTS.notices],
      ];
      for (const [url, expected] of counts) expect([url, await total(url)]).toEqual([url, expected]);
      for (const status of ['pending', 'scheduled', 'running', 'done', 'failed', 'cancelled']) expect(await total(`/api/Task/?status=${status}`)).toBe(3);
    });
  });

  describe(`auth (${dialect})`, () => {
    it('logs in, and refuses a wrong password with 401 and malformed input with 400', async () => {
      const good = await login('admin', ADMIN_PASSWORD);
      expect(good.body).toMatchObject({ code: 200, data: { token: expect.any(String), user: { username: 'admin' } } });
      const bad = await login('admin', 'wrong-password');
      expect(bad.status).toBe(401);
      expect(bad.body.code).toBe(401);
      const malformed = await call('POST', '/api/auth/login/', undefined, { username: 'admin' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'password' })]));
    });

    it('verifies tokens and revokes them on logout', async () => {
      const session = (await login('viewer2', server.handle.demoPasswords!.viewer2)).body.data.token as string;
      expect((await call('POST', '/api/auth/verify/', undefined, { token: session })).body.data).toMatchObject({ valid: true, user: { username: 'viewer2' } });
      expect((await call('POST', '/api/auth/verify/', undefined, { token: 'not-a-token' })).status).toBe(401);
      const headers = { authorization: `Bearer ${session}` };
      expect((await call('POST', '/api/auth/logout/', undefined, {}, headers)).body.code).toBe(200);
      expect((await call('GET', '/api/logininfo/', undefined, undefined, headers)).status).toBe(401);
      expect((await call('POST', '/api/auth/verify/', undefined, { token: session })).status).toBe(401);
    });

    it('returns roles and permission codes in /logininfo/', async () => {
      const operator = (await call('GET', '/api/logininfo/', 'operator1')).body.data;
      expect(operator).toMatchObject({ username: 'operator1', name: expect.any(String), roles: [{ code: 'operator' }] });
      expect(operator.permissions).toEqual(expect.arrayContaining(['device:*', 'task:*', 'airspace:write']));
      expect((await call('GET', '/api/logininfo/', 'admin')).body.data.permissions).toEqual(['*']);
    });
  });

  describe(`permissions (${dialect})`, () => {
    const table: [string, InjectOptions['method'], string, unknown, number][] = [
      ['anonymous', 'GET', '/api/Device/', undefined, 401],
      ['anonymous', 'GET', '/api/chartinfo/', undefined, 401],
      ['anonymous', 'GET', '/api/djiconf/1/', undefined, 401],
      // Permission comes before validation: no 400 (and no hint at the schema) for callers who may not call at all.
      ['anonymous', 'POST', '/api/Dept/', { name: 5 }, 401],
      ['anonymous', 'GET', '/api/Device/?page_size=1000', undefined, 401],
      ['viewer1', 'POST', '/api/Dept/', { name: 5 }, 403],
      ['viewer1', 'POST', '/api/Task/abc/schedule/', {}, 403],
      ['viewer1', 'GET', '/api/Device/', undefined, 200],
      ['viewer1', 'POST', '/api/Device/', { serial: 'RBAC-0001', name: 'x', model: 'm', kind: 'aircraft' }, 403],
      ['viewer1', 'DELETE', '/api/Device/1/', undefined, 403],
      ['viewer1', 'POST', '/api/Task/1/schedule/', {}, 403],
      ['viewer1', 'GET', '/api/User/', undefined, 403],
      ['operator1', 'GET', '/api/User/', undefined, 200],
      ['operator1', 'POST', '/api/Dept/', { name: 'ops dept' }, 403],
      ['operator1', 'GET', '/api/Audit/', undefined, 403],
      ['operator1', 'POST', '/api/Airspace/Apply/4/approve/', {}, 403],
      ['operator1', 'POST', '/api/Notice/', { title: 't', content: 'c' }, 403],
      ['admin', 'GET', '/api/Audit/', undefined, 200],
    ];
    it.each(table)('%s %s %s → %i', async (who, method, url, payload, expected) => {
      const response = await call(method, url, who === 'anonymous' ? undefined : who, payload);
      expect(response.status).toBe(expected);
      expect(response.body.code).toBe(expected);
    });
  });

  describe(`lists (${dialect})`, () => {
    it('pages with bounds', async () => {
      const first = (await call('GET', '/api/Device/?page=1&page_size=20', 'viewer1')).body.data;
      const second = (await call('GET', '/api/Device/?page=2&page_size=20', 'viewer1')).body.data;
      expect(first.items).toHaveLength(20);
      expect(second.items).toHaveLength(DEMO_COUNTS.devices - 20);
      expect(new Set([...first.items, ...second.items].map((d: { id: number }) => d.id)).size).toBe(DEMO_COUNTS.devices);
      for (const query of ['page_size=101', 'page_size=0', 'page=0', 'page_size=abc', 'ordering=password_hash', 'ordering=-nope', 'dept_id=x']) {
        const response = await call('GET', `/api/Device/?${query}`, 'viewer1');
        expect([query, response.status]).toEqual([query, 400]);
        expect(response.body.errors?.length).toBeGreaterThan(0);
      }
      expect((await call('GET', '/api/Device/?page=99', 'viewer1')).body.data).toEqual({ items: [], total: DEMO_COUNTS.devices });
    });

    it('searches case-insensitively over the declared columns, wildcards literal', async () => {
      const all = (await call('GET', '/api/Device/?page_size=100', 'viewer1')).body.data.items as { model: string; serial: string; name: string }[];
      const expected = all.filter((d) => [d.model, d.serial, d.name].some((v) => v.toLowerCase().includes('matrice'))).length;
      expect(expected).toBeGreaterThan(0);
      expect(await total('/api/Device/?search=MATRICE')).toBe(expected);
      expect(await total('/api/Device/?search=matrice')).toBe(expected);
      expect(await total('/api/Device/?search=%25')).toBe(0);
      expect(await total('/api/Device/?search=_')).toBe(0);
      expect(await total('/api/Device/?search=50%25')).toBe(0);
      expect(await total(`/api/Device/?search=${encodeURIComponent('无人机-0')}`)).toBe(9);
      expect(await total('/api/Device/?search=1581f5fhd')).toBe(DEMO_COUNTS.devices);
      expect(await total(`/api/Device/?search=${encodeURIComponent('"x" OR y*')}`)).toBe(0);
    });

    it('a search pages and orders whole rows like the unsearched list', async () => {
      const all = (await call('GET', '/api/Device/?page_size=100&ordering=-battery', 'viewer1')).body.data.items as {
        model: string;
        serial: string;
        name: string;
      }[];
      const matching = all.filter((d) => [d.model, d.serial, d.name].some((v) => v.toLowerCase().includes('matrice')));
      expect(matching.length).toBeGreaterThan(4);
      const pageOf = async (page: number) => (await call('GET', `/api/Device/?search=matrice&ordering=-battery&page_size=3&page=${page}`, 'viewer1')).body.data;
      const [first, second] = [await pageOf(1), await pageOf(2)];
      expect(first.total).toBe(matching.length);
      expect([...first.items, ...second.items]).toEqual(matching.slice(0, 6));
    });

    it('finds exactly the rows holding the search text, whatever characters it has', async () => {
      const names = ['Tricky 50% off_rate', 'Quote "Heron" O\'Neil', '测试机-甲乙丙', 'ÉCOLE über', 'aaaaaa', 'back\\slash x'];
      const created = [];
      for (const [i, name] of names.entries()) {
        created.push(
          (await call('POST', '/api/Device/', 'operator1', { serial: `TRICKY-${i}`, name, model: 'Odd Model', kind: 'aircraft' })).body.data.id as number,
        );
      }
      const all = (await call('GET', '/api/Device/?page_size=100', 'viewer1')).body.data.items as { model: string; serial: string; name: string }[];
      // Both databases fold ASCII case; the searches below differ from the data in ASCII case only.
      const holding = (text: string) => all.filter((d) => [d.model, d.serial, d.name].some((v) => v.toLowerCase().includes(text.toLowerCase()))).length;
      const searches = [
        '50%',
        '0% o',
        'f_r',
        '_',
        '"heron"',
        '"',
        "o'neil",
        '甲乙',
        '甲乙丙',
        '机-甲',
        '测试机-甲乙丙丁',
        'ÉCOLE',
        'über',
        'aaa',
        'AAAA',
        'aaaaaaa',
        '\\',
        'k\\s',
        'tricky-',
        'heron" OR "x',
        'NEAR(a b)',
        '*',
        'odd model',
      ];
      for (const search of searches) expect([search, await total(`/api/Device/?search=${encodeURIComponent(search)}`)]).toEqual([search, holding(search)]);
      expect(holding('odd model')).toBe(names.length);
      for (const id of created) await call('DELETE', `/api/Device/${id}/`, 'operator1');
    });

    it('keeps the search index in step with writes', async () => {
      // SQLite also counts the rows holding each trigram (which trigrams the index is asked for); the rest of the fleet has neither name.
      const rowsHolding = async (trigram: string) =>
        dialect === 'sqlite'
          ? ((await sql<{ rows: number }>`select rows from devices_search_trigrams where trigram = ${trigram}`.execute(server.handle.app.db)).rows[0]?.rows ??
            0)
          : null;
      const counted = async (heron: number, falcon: number) =>
        expect([await rowsHolding('her'), await rowsHolding('fal')]).toEqual(dialect === 'sqlite' ? [heron, falcon] : [null, null]);
      const device = (await call('POST', '/api/Device/', 'operator1', { serial: 'SEARCH-0001', name: 'Heron', model: 'Zeta', kind: 'aircraft' })).body.data;
      expect(await total('/api/Device/?search=heron')).toBe(1);
      await counted(1, 0);
      await call('PATCH', `/api/Device/${device.id}/`, 'operator1', { name: 'Falcon' });
      expect(await total('/api/Device/?search=heron')).toBe(0);
      expect(await total('/api/Device/?search=FALCON')).toBe(1);
      await counted(0, 1);
      await call('DELETE', `/api/Device/${device.id}/`, 'operator1');
      expect(await total('/api/Device/?search=falcon')).toBe(0);
      await counted(0, 0);
    });

    it('orders by whitelisted columns and filters by field', async () => {
      const asc = (await call('GET', '/api/Device/?ordering=serial&page_size=100', 'viewer1')).body.data.items.map((d: { serial: string }) => d.serial);
      const desc = (await call('GET', '/api/Device/?ordering=-serial&page_size=100', 'viewer1')).body.data.items.map((d: { serial: string }) => d.serial);
      expect(asc).toEqual([...asc].sort());
      expect(desc).toEqual([...asc].reverse());
      const online = (await call('GET', '/api/Device/?status=online&page_size=100', 'viewer1')).body.data;
      expect(online.total).toBe(8);
      expect(online.items.every((d: { status: string }) => d.status === 'online')).toBe(true);
      expect(await total('/api/Device/?kind=dock')).toBe(5);
      expect(await total('/api/Device/?kind=dock&status=online')).toBe(online.items.filter((d: { kind: string }) => d.kind === 'dock').length);
      expect(await total('/api/Route/?project_id=1')).toBe(2);
    });
  });

  describe(`create, update, delete (${dialect})`, () => {
    it('creates, reads, updates and deletes a device, with an audit trail', async () => {
      const created = await call('POST', '/api/Device/', 'operator1', {
        serial: '1581F5FHDTEST01',
        name: 'Test drone',
        model: 'Matrice 30T',
        kind: 'aircraft',
        battery: 80,
      });
      expect(created.status).toBe(200);
      const id = created.body.data.id;
      expect(created.body.data).toMatchObject({ serial: '1581F5FHDTEST01', status: 'offline', battery: 80, photo: null });
      expect((await call('GET', `/api/Device/${id}/`, 'viewer1')).body.data.name).toBe('Test drone');
      const put = await call('PUT', `/api/Device/${id}/`, 'operator1', { name: 'Renamed', status: 'maintenance' });
      expect(put.body.data).toMatchObject({ name: 'Renamed', status: 'maintenance', serial: '1581F5FHDTEST01', battery: 80 });
      expect((await call('PATCH', `/api/Device/${id}/`, 'operator1', { battery: 55 })).body.data).toMatchObject({ name: 'Renamed', battery: 55 });
      expect((await call('DELETE', `/api/Device/${id}/`, 'operator1')).body).toEqual({ code: 200, msg: 'deleted', data: null });
      expect((await call('GET', `/api/Device/${id}/`, 'viewer1')).status).toBe(404);
      const audit = (await call('GET', `/api/Audit/?entity=device&entity_id=${id}&ordering=id`, 'admin')).body.data.items;
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
      expect(audit[0]).toMatchObject({ username: 'operator1', detail: expect.objectContaining({ serial: '1581F5FHDTEST01' }) });
    });

    it('answers 400 with field errors and writes nothing', async () => {
      const before = await total('/api/Device/');
      const response = await call('POST', '/api/Device/', 'operator1', { serial: 'x', kind: 'boat', battery: 300 });
      expect(response.status).toBe(400);
      const fields = response.body.errors!.map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(['serial', 'name', 'model', 'kind', 'battery']));
      expect(await total('/api/Device/')).toBe(before);
      const application = await call('POST', '/api/Airspace/Apply/', 'operator1', {
        area: {
          type: 'Polygon',
          coordinates: [
            [
              [114, 22.5],
              [114.01, 22.5],
              [114.01, 22.51],
              [114, 22.5],
            ],
          ],
        },
        min_alt: 100,
        max_alt: 50,
        start_at: '2026-12-01T10:00:00Z',
        end_at: '2026-12-01T09:00:00Z',
        purpose: 'test',
      });
      expect(application.status).toBe(400);
      expect(application.body.errors!.map((e) => e.field).sort()).toEqual(['end_at', 'max_alt']);
      const badRef = await call('POST', '/api/Task/', 'operator1', { name: 'x', project_id: 99999, kind: 'patrol' });
      expect(badRef.status).toBe(400);
      expect(badRef.body.errors).toEqual([expect.objectContaining({ field: 'project_id' })]);
    });

    it('refuses a department or resource parent that would make the tree a loop (400, nothing written)', async () => {
      const top = (await call('POST', '/api/Dept/', 'admin', { name: 'Loop top' })).body.data;
      const child = (await call('POST', '/api/Dept/', 'admin', { name: 'Loop child', parent_id: top.id })).body.data;
      for (const parent of [top.id, child.id]) {
        const response = await call('PATCH', `/api/Dept/${top.id}/`, 'admin', { parent_id: parent });
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([expect.objectContaining({ field: 'parent_id' })]);
      }
      expect((await call('GET', `/api/Dept/${top.id}/`, 'admin')).body.data.parent_id).toBeNull();
      const resource = (await call('POST', '/api/Resource/', 'admin', { code: 'loop:a', name: 'a', kind: 'menu' })).body.data;
      const sub = (await call('POST', '/api/Resource/', 'admin', { code: 'loop:b', name: 'b', kind: 'menu', parent_id: resource.id })).body.data;
      expect((await call('PATCH', `/api/Resource/${resource.id}/`, 'admin', { parent_id: sub.id })).status).toBe(400);
    });

    it('answers 404 for unknown ids', async () => {
      expect((await call('GET', '/api/Project/99999/', 'viewer1')).status).toBe(404);
      expect((await call('PUT', '/api/Device/99999/', 'operator1', { name: 'x' })).status).toBe(404);
      expect((await call('DELETE', '/api/Device/99999/', 'operator1')).status).toBe(404);
      expect((await call('GET', '/api/Route/99999/', 'viewer1')).body.code).toBe(404);
      expect((await call('GET', '/api/Route/abc/', 'viewer1')).status).toBe(400);
    });

    it('answers 409 on uniqueness clashes', async () => {
      const existing = (await call('GET', '/api/Device/?page_size=2&ordering=id', 'viewer1')).body.data.items;
      const clash = await call('POST', '/api/Device/', 'operator1', { serial: existing[0].serial, name: 'dup', model: 'm', kind: 'aircraft' });
      expect(clash.status).toBe(409);
      expect(clash.body.errors).toEqual([expect.objectContaining({ field: 'serial' })]);
      expect((await call('PUT', `/api/Device/${existing[1].id}/`, 'operator1', { serial: existing[0].serial })).status).toBe(409);
      expect((await call('POST', '/api/Dept/', 'admin', { name: '巡检一队' })).status).toBe(409);
      expect((await call('POST', '/api/User/', 'admin', { username: 'operator1', name: 'x', password: 'Password1!' })).status).toBe(409);
    });

    it('refuses deletes that would orphan rows (409) and cascades project routes and features', async () => {
      expect((await call('DELETE', '/api/Dept/1/', 'admin')).status).toBe(409);
      const task = (await call('GET', '/api/Task/?page_size=1', 'viewer1')).body.data.items[0];
      const orphan = await call('DELETE', `/api/Device/${task.device_id}/`, 'operator1');
      expect(orphan.status).toBe(409);
      expect(orphan.body.msg).toMatch(/referenced/);
      expect((await call('DELETE', `/api/Project/${task.project_id}/`, 'admin')).status).toBe(409);
      expect((await call('DELETE', '/api/Role/1/', 'admin')).status).toBe(409);

      const project = (
        await call('POST', '/api/Project/', 'admin', {
          name: 'Cascade test',
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [114, 22.5],
                [114.01, 22.5],
                [114.01, 22.51],
                [114, 22.5],
              ],
            ],
          },
        })
      ).body.data;
      const route = (
        await call('POST', '/api/Route/', 'admin', {
          project_id: project.id,
          name: 'r',
          waypoints: [
            { lat: 22.5, lng: 114, alt: 50, speed: 5 },
            { lat: 22.51, lng: 114, alt: 50, speed: 5 },
          ],
        })
      ).body.data;
      expect(route.length_m).toBeGreaterThan(1100);
      expect(route.length_m).toBeLessThan(1120);
      expect(route.duration_s).toBeCloseTo(route.length_m / 5, 0);
      const feature = (
        await call('POST', '/api/Feature/', 'operator1', {
          project_id: project.id,
          name: 'pt',
          category: 'poi',
          geometry: { type: 'Point', coordinates: [114, 22.5] },
        })
      ).body.data;
      expect((await call('DELETE', `/api/Project/${project.id}/`, 'admin')).status).toBe(200);
      expect((await call('GET', `/api/Route/${route.id}/`, 'viewer1')).status).toBe(404);
      expect((await call('GET', `/api/Feature/${feature.id}/`, 'viewer1')).status).toBe(404);
    });

    it('manages users with roles, never exposing password hashes', async () => {
      const created = await call('POST', '/api/User/', 'admin', {
        username: 'pilot9',
        name: 'Pilot Nine',
        password: 'Pilot9-password',
        role_ids: [2],
        dept_id: 2,
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ username: 'pilot9', roles: [{ code: 'operator' }], dept_id: 2, is_active: 1 });
      expect(JSON.stringify(created.body)).not.toMatch(/password/);
      expect((await call('POST', '/api/User/', 'admin', { username: 'nopass', name: 'x' })).body.errors).toEqual([
        expect.objectContaining({ field: 'password' }),
      ]);
      const session = await login('pilot9', 'Pilot9-password');
      expect(session.status).toBe(200);
      await call('PATCH', `/api/User/${created.body.data.id}/`, 'admin', { is_active: 0 });
      expect((await call('GET', '/api/logininfo/', undefined, undefined, { authorization: `Bearer ${session.body.data.token}` })).status).toBe(401);
      const me = (await call('GET', '/api/logininfo/', 'admin')).body.data.id;
      expect((await call('DELETE', `/api/User/${me}/`, 'admin')).status).toBe(409);
    });
  });

  describe(`device photos (${dialect})`, () => {
    const fields = (serial: string) => ({ serial, name: 'Photo drone', model: 'Mavic 3E', kind: 'aircraft', battery: '90', dept_id: '' });

    it('accepts a PNG, stores it under a generated name and serves it safely', async () => {
      const body = multipart(fields('PHOTO-0001'), { field: 'photo', filename: '../../evil.html', contentType: 'text/html', data: PNG });
      const response = await call('POST', '/api/Device/', 'operator1', body.payload, body.headers);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        serial: 'PHOTO-0001',
        battery: 90,
        dept_id: null,
        photo: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/),
      });
      const file = await server.handle.app.inject({ method: 'GET', url: response.body.data.photo });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect((await server.handle.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fskyline.db' })).statusCode).toBe(404);
      const replaced = multipart(
        { name: 'With new photo' },
        { field: 'photo', filename: 'a.webp', contentType: 'image/webp', data: Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(32)]) },
      );
      const put = await call('PUT', `/api/Device/${response.body.data.id}/`, 'operator1', replaced.payload, replaced.headers);
      expect(put.body.data).toMatchObject({ name: 'With new photo', photo: expect.stringMatching(/\.webp$/) });
    });

    const uploads = () => (fs.existsSync(path.join(server.root, 'data', 'uploads')) ? fs.readdirSync(path.join(server.root, 'data', 'uploads')).sort() : []);
    const fileOf = (url: string) => path.join(server.root, 'data', 'uploads', path.basename(url));
    const createWithPhoto = async (serial: string) => {
      const body = multipart(fields(serial), { field: 'photo', filename: 'p.png', contentType: 'image/png', data: PNG });
      return call('POST', '/api/Device/', 'operator1', body.payload, body.headers);
    };

    it('removes a photo file once its device lets go of it: photo replaced or device deleted', async () => {
      const device = (await createWithPhoto('PHOTO-0010')).body.data;
      expect(fs.existsSync(fileOf(device.photo))).toBe(true);
      const replaced = multipart({ name: 'New photo' }, { field: 'photo', filename: 'q.png', contentType: 'image/png', data: PNG });
      const photo = (await call('PUT', `/api/Device/${device.id}/`, 'operator1', replaced.payload, replaced.headers)).body.data.photo;
      expect(fs.existsSync(fileOf(device.photo))).toBe(false);
      expect(fs.existsSync(fileOf(photo))).toBe(true);
      expect((await call('PATCH', `/api/Device/${device.id}/`, 'operator1', { name: 'Same photo' })).body.data.photo).toBe(photo);
      expect(fs.existsSync(fileOf(photo))).toBe(true);
      expect((await call('DELETE', `/api/Device/${device.id}/`, 'operator1')).status).toBe(200);
      expect(fs.existsSync(fileOf(photo))).toBe(false);
    });

    it('removes the stored photo when the database write fails after it', async () => {
      const db = server.handle.app.db;
      // A trigger makes the insert itself fail, after the checks passed and the file was stored.
      if (dialect === 'sqlite')
        await sql`create trigger refuse_photo_fail before insert on devices when new.serial = 'PHOTO-FAIL' begin select raise(abort, 'refused by test'); end`.execute(
          db,
        );
      else {
        await sql`create function refuse_photo_fail() returns trigger language plpgsql as $$ begin if new.serial = 'PHOTO-FAIL' then raise exception 'refused by test'; end if; return new; end $$`.execute(
          db,
        );
        await sql`create trigger refuse_photo_fail before insert on devices for each row execute function refuse_photo_fail()`.execute(db);
      }
      try {
        const before = uploads();
        expect((await createWithPhoto('PHOTO-FAIL')).status).toBe(500);
        expect(uploads()).toEqual(before);
      } finally {
        await sql`drop trigger refuse_photo_fail${sql.raw(dialect === 'postgres' ? ' on devices' : '')}`.execute(db);
        if (dialect === 'postgres') await sql`drop function refuse_photo_fail()`.execute(db);
      }
    });

    it('still deletes the device when its photo file cannot be removed', async () => {
      const device = (await createWithPhoto('PHOTO-0011')).body.data;
      // A directory in the file's place makes the removal fail.
      fs.rmSync(fileOf(device.photo));
      fs.mkdirSync(fileOf(device.photo));
      try {
        expect((await call('DELETE', `/api/Device/${device.id}/`, 'operator1')).status).toBe(200);
        expect((await call('GET', `/api/Device/${device.id}/`, 'viewer1')).status).toBe(404);
      } finally {
        fs.rmSync(fileOf(device.photo), { recursive: true, force: true });
      }
    });

    it('rejects files that are not images or larger than 5 MB, writing nothing', async () => {
      const before = await total('/api/Device/');
      const files = uploads();
      const fake = multipart(fields('PHOTO-0002'), {
        field: 'photo',
        filename: 'photo.png',
        contentType: 'image/png',
        data: Buffer.from('<svg onload=alert(1)>'),
      });
      const response = await call('POST', '/api/Device/', 'operator1', fake.payload, fake.headers);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'photo' })]);
      const big = multipart(fields('PHOTO-0003'), {
        field: 'photo',
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      });
      const tooBig = await call('POST', '/api/Device/', 'operator1', big.payload, big.headers);
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.errors).toEqual([expect.objectContaining({ field: 'photo' })]);
      const invalid = multipart({ serial: 'PHOTO-0004' }, { field: 'photo', filename: 'ok.png', contentType: 'image/png', data: PNG });
      expect((await call('POST', '/api/Device/', 'operator1', invalid.payload, invalid.headers)).status).toBe(400);
      expect(await total('/api/Device/')).toBe(before);
      expect(uploads()).toEqual(files);
    });
  });

  describe(`workflows (${dialect})`, () => {
    it('runs a task through its state machine and refuses illegal transitions with 409', async () => {
      const task = (await call('POST', '/api/Task/', 'operator1', { name: 'Workflow task', project_id: 1, route_id: 1, kind: 'inspection' })).body.data;
      expect(task).toMatchObject({ status: 'pending', actions: ['schedule', 'cancel'] });
      const illegal = await call('POST', `/api/Task/${task.id}/start/`, 'operator1', {});
      expect(illegal.status).toBe(409);
      expect(illegal.body.msg).toBe('Cannot start a task that is pending (allowed from: scheduled)');
      expect((await call('POST', `/api/Task/${task.id}/schedule/`, 'operator1', {})).body.data.status).toBe('scheduled');
      const running = (await call('POST', `/api/Task/${task.id}/start/`, 'operator1')).body.data;
      expect(running).toMatchObject({ status: 'running', started_at: expect.any(String) });
      expect((await call('PUT', `/api/Task/${task.id}/`, 'operator1', { name: 'x' })).status).toBe(409);
      expect((await call('POST', `/api/Task/${task.id}/complete/`, 'operator1', {})).body.data).toMatchObject({
        status: 'done',
        finished_at: expect.any(String),
      });
      expect((await call('POST', `/api/Task/${task.id}/cancel/`, 'operator1', {})).status).toBe(409);
      expect((await call('POST', `/api/Task/${task.id}/explode/`, 'operator1', {})).status).toBe(404);
      expect((await call('POST', '/api/Task/', 'operator1', { name: 'x', project_id: 2, route_id: 1, kind: 'patrol' })).status).toBe(409);
    });

    it('runs airspace application → plan → report', async () => {
      const application = (
        await call('POST', '/api/Airspace/Apply/', 'operator1', {
          device_id: 1,
          area: {
            type: 'Polygon',
            coordinates: [
              [
                [114, 22.5],
                [114.01, 22.5],
                [114.01, 22.51],
                [114, 22.5],
              ],
            ],
          },
          min_alt: 0,
          max_alt: 120,
          start_at: '2026-12-01T08:00:00+08:00',
          end_at: '2026-12-01T12:00:00+08:00',
          purpose: 'inspection',
        })
      ).body.data;
      expect(application).toMatchObject({ status: 'draft', start_at: '2026-12-01T00:00:00.000Z' });
      expect((await call('POST', `/api/Airspace/Apply/${application.id}/approve/`, 'admin', {})).status).toBe(409);
      const planBody = { application_id: application.id, device_id: 1, planned_start_at: '2026-12-01T01:00:00Z', planned_end_at: '2026-12-01T02:00:00Z' };
      const early = await call('POST', '/api/Airspace/Plan/', 'operator1', planBody);
      expect(early.status).toBe(409);
      expect(early.body.msg).toMatch(/approved airspace application/);
      expect((await call('POST', `/api/Airspace/Apply/${application.id}/submit/`, 'operator1', {})).body.data.status).toBe('submitted');
      expect((await call('PATCH', `/api/Airspace/Apply/${application.id}/`, 'operator1', { purpose: 'changed' })).status).toBe(409);
      expect((await call('POST', `/api/Airspace/Apply/${application.id}/approve/`, 'operator1', {})).status).toBe(403);
      const approved = (await call('POST', `/api/Airspace/Apply/${application.id}/approve/`, 'admin', { note: 'ok' })).body.data;
      expect(approved).toMatchObject({ status: 'approved', review_note: 'ok', reviewer_id: expect.any(Number) });
      const plan = (await call('POST', '/api/Airspace/Plan/', 'operator1', planBody)).body.data;
      expect(plan.status).toBe('filed');
      expect((await call('POST', `/api/Airspace/Plan/${plan.id}/fly/`, 'operator1', {})).status).toBe(409);
      expect((await call('POST', `/api/Airspace/Plan/${plan.id}/accept/`, 'admin', {})).body.data.status).toBe('accepted');
      const report = await call('POST', '/api/Airspace/Report/', 'operator1', {
        plan_id: plan.id,
        device_id: 1,
        takeoff_at: '2026-12-01T01:05:00Z',
        landing_at: '2026-12-01T01:35:00Z',
        distance_m: 5400,
        max_alt: 110,
        track: {
          type: 'LineString',
          coordinates: [
            [114, 22.5],
            [114.01, 22.505],
          ],
        },
      });
      expect(report.body.data).toMatchObject({ duration_s: 1800, track: { type: 'LineString' } });
      expect((await call('GET', `/api/Airspace/Plan/${plan.id}/`, 'viewer1')).body.data.status).toBe('flown');
    });
  });

  describe(`statistics, controller config, notices, docs (${dialect})`, () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    it('aggregates flights per day, hours per device and status counts', async () => {
      const response = await call('GET', `/api/chartinfo/?from=${day(-40)}&to=${day(0)}`, 'viewer1');
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data.flightsPerDay).toHaveLength(41);
      const flights = data.flightsPerDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0);
      expect(flights).toBe(data.totals.flights);
      expect(flights).toBeGreaterThanOrEqual(DEMO_COUNTS.reports);
      const hours = data.hoursPerDevice.reduce((sum: number, d: { hours: number }) => sum + d.hours, 0);
      expect(hours).toBeCloseTo(data.totals.hours, 0);
      expect(Object.values(data.statusCounts.devices).reduce((a, b) => (a as number) + (b as number), 0)).toBeGreaterThanOrEqual(DEMO_COUNTS.devices);
      const device = data.hoursPerDevice[0].deviceId;
      const one = (await call('GET', `/api/chartinfo/?from=${day(-40)}&to=${day(0)}&device_id=${device}`, 'viewer1')).body.data;
      expect(one.hoursPerDevice).toHaveLength(1);
      expect(one.totals.flights).toBe(await total(`/api/Airspace/Report/?device_id=${device}`));
      expect((await call('GET', `/api/chartinfo/?from=${day(0)}&to=${day(-3)}`, 'viewer1')).status).toBe(400);
      expect((await call('GET', '/api/chartinfo/?from=2026-13-45', 'viewer1')).status).toBe(400);
    });

    it('scopes plan and application counts to a project through its tasks and routes', async () => {
      const range = `from=${day(-40)}&to=${day(40)}`;
      const counts = async (project?: number) =>
        (await call('GET', `/api/chartinfo/?${range}${project ? `&project_id=${project}` : ''}`, 'viewer1')).body.data.statusCounts;
      const sum = (map: Record<string, number>) => Object.values(map).reduce((a, b) => a + b, 0);
      const all = await counts();
      const projects = (await call('GET', '/api/Project/?page_size=100', 'viewer1')).body.data.items as Array<{ id: number }>;
      const perProject = await Promise.all(projects.map((p) => counts(p.id)));
      const planTotals = perProject.map((c) => sum(c.plans));
      expect(Math.max(...planTotals)).toBeGreaterThan(0);
      expect(planTotals.every((n) => n <= sum(all.plans))).toBe(true);
      expect(perProject.every((c) => sum(c.applications) <= sum(all.applications))).toBe(true);
      const fresh = (await call('POST', '/api/Project/', 'admin', { name: `no plans ${dialect}` })).body.data;
      try {
        const empty = await counts(fresh.id);
        expect([empty.plans, empty.applications, empty.tasks]).toEqual([{}, {}, {}]);
      } finally {
        await call('DELETE', `/api/Project/${fresh.id}/`, 'admin');
      }
    });

    it('serves the controller configuration per project', async () => {
      const config = (await call('GET', '/api/djiconf/1/', 'viewer1')).body.data;
      expect(config).toMatchObject({
        appId: expect.any(String),
        appKey: expect.any(String),
        appLicense: expect.any(String),
        workspaceId: '1',
        workspaceName: expect.any(String),
        mqttHost: expect.stringMatching(/^wss?:\/\/.+\/mqtt$/),
      });
      expect((await call('GET', '/api/djiconf/99999/', 'viewer1')).status).toBe(404);
    });

    it('keeps per-user unread notices', async () => {
      expect((await call('GET', '/api/Notice/unread/', 'viewer1')).body.data.count).toBe(DEMO_COUNTS.notices);
      const first = (await call('GET', '/api/Notice/?page_size=1', 'viewer1')).body.data.items[0];
      expect(first.read).toBe(false);
      expect((await call('POST', `/api/Notice/${first.id}/read/`, 'viewer1', {})).status).toBe(200);
      expect((await call('POST', `/api/Notice/${first.id}/read/`, 'viewer1', {})).status).toBe(200);
      expect((await call('GET', '/api/Notice/unread/', 'viewer1')).body.data.count).toBe(DEMO_COUNTS.notices - 1);
      expect((await call('GET', '/api/Notice/unread/', 'operator1')).body.data.count).toBe(DEMO_COUNTS.notices);
      expect((await call('GET', `/api/Notice/${first.id}/`, 'viewer1')).body.data.read).toBe(true);
      expect((await call('POST', '/api/Notice/read-all/', 'viewer1', {})).body.data.marked).toBe(DEMO_COUNTS.notices - 1);
      expect((await call('GET', '/api/Notice/unread/', 'viewer1')).body.data.count).toBe(0);
      expect((await call('POST', '/api/Notice/99999/read/', 'viewer1', {})).status).toBe(404);
    });

    it('hides scheduled notices until their publish time, except from notice writers', async () => {
      const scheduled = (await call('POST', '/api/Notice/', 'admin', { title: 'Scheduled', content: 'later', publish_at: '2099-01-01T00:00:00Z' })).body.data;
      const ids = async (as: string) => (await call('GET', '/api/Notice/?page_size=100', as)).body.data.items.map((n: { id: number }) => n.id);
      expect(await ids('viewer1')).not.toContain(scheduled.id);
      expect(await ids('admin')).toContain(scheduled.id);
      expect((await call('GET', '/api/Notice/unread/', 'operator1')).body.data.count).toBe(DEMO_COUNTS.notices);
      expect((await call('GET', `/api/Notice/${scheduled.id}/`, 'viewer1')).status).toBe(404);
      expect((await call('POST', `/api/Notice/${scheduled.id}/read/`, 'viewer1', {})).status).toBe(404);
      expect((await call('POST', `/api/Notice/${scheduled.id}/read/`, 'admin', {})).status).toBe(404);
      expect((await call('GET', `/api/Notice/${scheduled.id}/`, 'admin')).body.data.title).toBe('Scheduled');
      expect((await call('DELETE', `/api/Notice/${scheduled.id}/`, 'admin')).status).toBe(200);
    });

    it('filters notices by published state for everyone, writers included', async () => {
      const scheduled = (await call('POST', '/api/Notice/', 'admin', { title: 'Later', content: 'later', publish_at: '2099-01-01T00:00:00Z' })).body.data;
      try {
        const list = async (query: string, as: string) =>
          (await call('GET', `/api/Notice/?page_size=100&${query}`, as)).body.data as { items: { id: number; publish_at: string }[]; total: number };
        const published = await list('published=1', 'admin');
        expect(published.total).toBe(DEMO_COUNTS.notices);
        expect(published.items.every((n) => Date.parse(n.publish_at) <= Date.now())).toBe(true);
        expect((await list('published=0', 'admin')).items.map((n) => n.id)).toEqual([scheduled.id]);
        expect((await list('published=1', 'viewer1')).total).toBe(DEMO_COUNTS.notices);
        expect((await list('published=0', 'viewer1')).total).toBe(0);
        const bad = await call('GET', '/api/Notice/?published=yes', 'viewer1');
        expect(bad.status).toBe(400);
        expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'published' })]);
      } finally {
        await call('DELETE', `/api/Notice/${scheduled.id}/`, 'admin');
      }
    });

    it('filters flight reports by takeoff day (UTC, both ends inclusive), counting as /chartinfo/ does', async () => {
      const takeoffs = ['2031-03-01T23:59:59Z', '2031-03-02T00:00:00Z', '2031-03-03T12:00:00Z'];
      const ids: number[] = [];
      for (const takeoff of takeoffs) {
        const landing = new Date(Date.parse(takeoff) + 600_000).toISOString();
        ids.push(
          (await call('POST', '/api/Airspace/Report/', 'operator1', { device_id: 1, takeoff_at: takeoff, landing_at: landing, distance_m: 1000, max_alt: 80 }))
            .body.data.id,
        );
      }
      try {
        const all = await total('/api/Airspace/Report/');
        const cases: [string, number[]][] = [
          ['takeoff_from=2031-03-02&takeoff_to=2031-03-02', [ids[1]]],
          ['takeoff_from=2031-03-01&takeoff_to=2031-03-02', [ids[1], ids[0]]],
          ['takeoff_from=2031-03-02', [ids[2], ids[1]]],
          ['takeoff_from=2031-03-04', []],
        ];
        for (const [query, expected] of cases) {
          const data = (await call('GET', `/api/Airspace/Report/?${query}`, 'viewer1')).body.data;
          expect([query, data.items.map((r: { id: number }) => r.id), data.total]).toEqual([query, expected, expected.length]);
        }
        expect(await total('/api/Airspace/Report/?takeoff_to=2031-03-01')).toBe(all - 2);
        expect((await call('GET', '/api/chartinfo/?from=2031-03-01&to=2031-03-02', 'viewer1')).body.data.totals.flights).toBe(2);
        const bad: [string, string][] = [
          ['takeoff_from=2031-13-01', 'takeoff_from'],
          ['takeoff_from=2031-02-30', 'takeoff_from'],
          ['takeoff_to=yesterday', 'takeoff_to'],
          ['takeoff_from=2031-03-05&takeoff_to=2031-03-01', 'takeoff_to'],
        ];
        for (const [query, field] of bad) {
          const response = await call('GET', `/api/Airspace/Report/?${query}`, 'viewer1');
          expect([query, response.status, response.body.errors?.map((e) => e.field)]).toEqual([query, 400, [field]]);
        }
      } finally {
        for (const id of ids) await call('DELETE', `/api/Airspace/Report/${id}/`, 'operator1');
      }
    });

    it('publishes the OpenAPI document without login', async () => {
      const response = await server.handle.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      for (const path of ['/api/auth/login/', '/api/Device/', '/api/Device/{id}/', '/api/chartinfo/', '/api/Task/{id}/start/'])
        expect(Object.keys(doc.paths)).toContain(path);
    });

    it('rate-limits logins per user and address with 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await login('ratelimited', 'wrong')).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect((await login('admin', ADMIN_PASSWORD)).status).toBe(200);
    });

    it('rate-limits the API in general with 429', async () => {
      const limited = await startServer(dialect, { apiRateLimit: 3, demoSeed: false });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await limited.handle.app.inject({ method: 'GET', url: '/api/Device/' })).statusCode);
        expect(statuses).toEqual([401, 401, 401, 429]);
      } finally {
        await limited.close();
      }
    });
  });
}
