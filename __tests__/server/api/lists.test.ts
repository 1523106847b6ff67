import { sql } from 'kysely';
import { DEVICE_STATUSES, type DeviceInput } from '@shared/entities/device';
import { type Dialect } from './harness';
import { useTestApi } from './testApi';

/** This file's fleet (on a database without the demo seed): every count below is read from it. */
const FLEET: DeviceInput[] = Array.from({ length: 26 }, (_, i) => {
  const kind = i < 16 ? 'aircraft' : i < 21 ? 'dock' : 'remote_controller';
  const models = { aircraft: ['Matrice 350 RTK', 'Matrice 30T', 'Mavic 3 Enterprise'], dock: ['DJI Dock 2'], remote_controller: ['DJI RC Plus'] }[kind];
  return {
    serial: `1581F5FHD${(0x23a00 + i * 37).toString(16).toUpperCase()}`,
    name: `${{ aircraft: '无人机', dock: '机场', remote_controller: '遥控器' }[kind]}-${String(i + 1).padStart(2, '0')}`,
    model: models[i % models.length],
    kind,
    status: DEVICE_STATUSES[i % DEVICE_STATUSES.length],
    // Distinct, so an ordering by battery has no ties.
    battery: 20 + ((i * 7) % 80),
  };
});
/** How many of the fleet hold `text` (any case) in a searched column. */
const fleetHolding = (text: string) => FLEET.filter((d) => [d.model, d.serial, d.name].some((v) => v.toLowerCase().includes(text.toLowerCase()))).length;

describe.each<Dialect>(['sqlite', 'postgres'])('lists API (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  const { call, total, addUser } = api;
  let projectId: number;

  beforeAll(async () => {
    await addUser('operator1', 'operator');
    await addUser('viewer1', 'viewer');
    for (const device of FLEET) expect((await call('POST', '/api/Device/', 'admin', device)).status).toBe(200);
    // Two routes in one project, one in another.
    const projects = [];
    for (const name of ['Routes A', 'Routes B']) projects.push((await call('POST', '/api/Project/', 'admin', { name })).body.data.id as number);
    projectId = projects[0];
    for (const [index, project] of [projects[0], projects[0], projects[1]].entries()) {
      const waypoints = [
        { lat: 22.5, lng: 114, alt: 50, speed: 5 },
        { lat: 22.51, lng: 114.01, alt: 50, speed: 5 },
      ];
      expect((await call('POST', '/api/Route/', 'admin', { project_id: project, name: `route ${index + 1} of ${project}`, waypoints })).status).toBe(200);
    }
  });

  describe(`lists (${dialect})`, () => {
    it('pages with bounds', async () => {
      const first = (await call('GET', '/api/Device/?page=1&page_size=20', 'viewer1')).body.data;
      const second = (await call('GET', '/api/Device/?page=2&page_size=20', 'viewer1')).body.data;
      expect(first.items).toHaveLength(20);
      expect(second.items).toHaveLength(FLEET.length - 20);
      expect(new Set([...first.items, ...second.items].map((d: { id: number }) => d.id)).size).toBe(FLEET.length);
      for (const query of ['page_size=101', 'page_size=0', 'page=0', 'page_size=abc', 'ordering=password_hash', 'ordering=-nope', 'dept_id=x']) {
        const response = await call('GET', `/api/Device/?${query}`, 'viewer1');
        expect([query, response.status]).toEqual([query, 400]);
        expect(response.body.errors?.length).toBeGreaterThan(0);
      }
      expect((await call('GET', '/api/Device/?page=99', 'viewer1')).body.data).toEqual({ items: [], total: FLEET.length });
    });

    it('searches case-insensitively over the declared columns, wildcards literal', async () => {
      const expected = fleetHolding('matrice');
      expect(expected).toBeGreaterThan(0);
      expect(await total('/api/Device/?search=MATRICE')).toBe(expected);
      expect(await total('/api/Device/?search=matrice')).toBe(expected);
      expect(await total('/api/Device/?search=%25')).toBe(0);
      expect(await total('/api/Device/?search=_')).toBe(0);
      expect(await total('/api/Device/?search=50%25')).toBe(0);
      expect(await total(`/api/Device/?search=${encodeURIComponent('无人机-0')}`)).toBe(fleetHolding('无人机-0'));
      expect(await total('/api/Device/?search=1581f5fhd')).toBe(FLEET.length);
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
      // Both databases also count the rows holding each trigram (which trigrams the index is asked for); the rest of the fleet has neither name.
      const rowsHolding = async (trigram: string) =>
        Number(
          (await sql<{ rows: number }>`select rows from devices_search_trigrams where trigram = ${trigram}`.execute(api.server.handle.app.db)).rows[0]?.rows ??
            0,
        );
      const counted = async (heron: number, falcon: number) => expect([await rowsHolding('her'), await rowsHolding('fal')]).toEqual([heron, falcon]);
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
      expect(online.total).toBe(FLEET.filter((d) => d.status === 'online').length);
      expect(online.items.every((d: { status: string }) => d.status === 'online')).toBe(true);
      expect(await total('/api/Device/?kind=dock')).toBe(FLEET.filter((d) => d.kind === 'dock').length);
      expect(await total('/api/Device/?kind=dock&status=online')).toBe(online.items.filter((d: { kind: string }) => d.kind === 'dock').length);
      expect(await total(`/api/Route/?project_id=${projectId}`)).toBe(2);
    });
  });
});
