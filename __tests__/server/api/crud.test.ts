import { type Dialect } from './harness';
import { useTestApi } from './testApi';

const DAY_MS = 86_400_000;

describe.each<Dialect>(['sqlite', 'postgres'])('create, update, delete API (%s)', (dialect) => {
  const api = useTestApi(dialect, { demoSeed: false });
  const { call, login, total, addUser } = api;
  /** A row this file made, by its answer. */
  const made = async (url: string, as: string, body: Record<string, unknown>) => {
    const response = await call('POST', url, as, body);
    expect([url, response.status]).toEqual([url, 200]);
    return response.body.data as { id: number } & Record<string, unknown>;
  };

  beforeAll(async () => {
    await addUser('operator1', 'operator');
    await addUser('viewer1', 'viewer');
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
        // A window in the future that ends before it starts (a past start would be refused as well).
        start_at: new Date(Date.now() + 2 * DAY_MS).toISOString(),
        end_at: new Date(Date.now() + 2 * DAY_MS - 3_600_000).toISOString(),
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
      const existing = [];
      for (const serial of ['UNIQUE-0001', 'UNIQUE-0002'])
        existing.push(await made('/api/Device/', 'operator1', { serial, name: serial, model: 'm', kind: 'aircraft' }));
      const clash = await call('POST', '/api/Device/', 'operator1', { serial: existing[0].serial, name: 'dup', model: 'm', kind: 'aircraft' });
      expect(clash.status).toBe(409);
      expect(clash.body.errors).toEqual([expect.objectContaining({ field: 'serial' })]);
      expect((await call('PUT', `/api/Device/${existing[1].id}/`, 'operator1', { serial: existing[0].serial })).status).toBe(409);
      await made('/api/Dept/', 'admin', { name: '巡检一队' });
      expect((await call('POST', '/api/Dept/', 'admin', { name: '巡检一队' })).status).toBe(409);
      expect((await call('POST', '/api/User/', 'admin', { username: 'operator1', name: 'x', password: 'Password1!' })).status).toBe(409);
    });

    it('refuses deletes that would orphan rows (409) and cascades project routes and features', async () => {
      const dept = await made('/api/Dept/', 'admin', { name: 'Orphan parent' });
      await made('/api/Dept/', 'admin', { name: 'Orphan child', parent_id: dept.id });
      expect((await call('DELETE', `/api/Dept/${dept.id}/`, 'admin')).status).toBe(409);
      const device = await made('/api/Device/', 'admin', { serial: 'ORPHAN-0001', name: 'Flown', model: 'm', kind: 'aircraft' });
      const owner = await made('/api/Project/', 'admin', { name: 'Orphan owner' });
      const task = await made('/api/Task/', 'admin', { name: 'Orphan task', project_id: owner.id, device_id: device.id, kind: 'patrol' });
      const orphan = await call('DELETE', `/api/Device/${task.device_id}/`, 'admin');
      expect(orphan.status).toBe(409);
      expect(orphan.body.msg).toMatch(/referenced/);
      expect((await call('DELETE', `/api/Project/${task.project_id}/`, 'admin')).status).toBe(409);
      // The built-in admin role, which admin holds.
      expect((await call('DELETE', '/api/Role/1/', 'admin')).status).toBe(409);

      // operator1 adds a feature to it below: a member sees the project (issue 27).
      const [operator1] = (await call('GET', '/api/User/?search=operator1', 'admin')).body.data.items;
      const project = (
        await call('POST', '/api/Project/', 'admin', {
          name: 'Cascade test',
          members: [operator1.id],
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
          // Along the east edge of the project area (routes must stay inside it).
          waypoints: [
            { lat: 22.5, lng: 114.01, alt: 50, speed: 5 },
            { lat: 22.51, lng: 114.01, alt: 50, speed: 5 },
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
      const roles = (await call('GET', '/api/Role/?search=operator', 'admin')).body.data.items as { id: number; code: string }[];
      const dept = await made('/api/Dept/', 'admin', { name: 'Pilots' });
      const created = await call('POST', '/api/User/', 'admin', {
        username: 'pilot9',
        name: 'Pilot Nine',
        password: 'Pilot9-password',
        role_ids: [roles.find((r) => r.code === 'operator')!.id],
        dept_id: dept.id,
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ username: 'pilot9', roles: [{ code: 'operator' }], dept_id: dept.id, is_active: 1 });
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
});
