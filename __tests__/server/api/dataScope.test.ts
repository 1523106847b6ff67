import { MAX_NAME_SERIALS } from '@shared/entities/device';
import { type Dialect } from './harness';
import { useTestApi } from './testApi';

const AREA = {
  type: 'Polygon',
  coordinates: [
    [
      [114, 22.5],
      [114.01, 22.5],
      [114.01, 22.51],
      [114, 22.5],
    ],
  ],
};

/**
 * Issue 17's data scope on the demo: operator1 is in department 2 (巡检一队), operator2 in department 3 (巡检二队),
 * both with the built-in operator role (department scope); admin sees all.
 */
describe.each<Dialect>(['sqlite', 'postgres'])('data scope (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, tokens } = api;
  let ops: { operator1: { id: number; dept_id: number }; operator2: { id: number; dept_id: number } };

  beforeAll(async () => {
    const login = await api.login('operator2', api.server.handle.demoPasswords!.operator2);
    tokens.operator2 = login.body.data.token;
    const users = (await call('GET', '/api/User/?search=operator&page_size=100', 'admin')).body.data.items as {
      id: number;
      username: string;
      dept_id: number;
    }[];
    const user = (name: string) => users.find((u) => u.username === name)!;
    ops = { operator1: user('operator1'), operator2: user('operator2') };
  });

  const devicesOf = async (deptId: number) =>
    (await call('GET', `/api/Device/?dept_id=${deptId}&page_size=100`, 'admin')).body.data.items as { id: number; serial: string; name: string }[];

  it('puts operator1 and operator2 in sibling departments, and new rows under their creator', async () => {
    expect(ops.operator1.dept_id).not.toBe(ops.operator2.dept_id);
    const device = (await call('POST', '/api/Device/', 'operator2', { serial: `SCOPE-${dialect}-A`, name: 'Team two drone', model: 'M30', kind: 'aircraft' }))
      .body.data;
    expect(device).toMatchObject({ created_by: ops.operator2.id, dept_id: ops.operator2.dept_id });
  });

  it("hides another department's device: 404 on read, edit and delete, and nothing changes", async () => {
    const [foreign] = await devicesOf(ops.operator2.dept_id);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'taken over' }],
      ['PUT', { name: 'taken over' }],
      ['DELETE', undefined],
      ['POST', undefined],
    ] as const) {
      const url = method === 'POST' ? `/api/Device/${foreign.id}/secret/` : `/api/Device/${foreign.id}/`;
      expect([method, (await call(method, url, 'operator1', payload)).status]).toEqual([method, 404]);
    }
    const after = (await call('GET', `/api/Device/${foreign.id}/`, 'admin')).body.data;
    expect(after.name).not.toBe('taken over');
  });

  it("refuses to delete operator2's device and to cancel operator2's application", async () => {
    const device = (await call('POST', '/api/Device/', 'operator2', { serial: `SCOPE-${dialect}-B`, name: 'Mine', model: 'M3', kind: 'aircraft' })).body.data;
    expect((await call('DELETE', `/api/Device/${device.id}/`, 'operator1')).status).toBe(404);
    expect((await call('GET', `/api/Device/${device.id}/`, 'operator2')).status).toBe(200);

    const application = (
      await call('POST', '/api/Airspace/Apply/', 'operator2', {
        device_id: device.id,
        area: AREA,
        min_alt: 0,
        // Above the auto-approval ceiling: it waits for a reviewer instead of being approved at submit.
        max_alt: 200,
        start_at: '2031-01-01T08:00:00Z',
        end_at: '2031-01-01T10:00:00Z',
        purpose: 'scope',
      })
    ).body.data;
    expect(application).toMatchObject({ created_by: ops.operator2.id, dept_id: ops.operator2.dept_id });
    expect((await call('POST', `/api/Airspace/Apply/${application.id}/submit/`, 'operator2')).status).toBe(200);
    const cancel = await call('POST', `/api/Airspace/Apply/${application.id}/cancel/`, 'operator1');
    expect([cancel.status, cancel.body.msg]).toEqual([404, `No airspace_application with id ${application.id}`]);
    expect((await call('GET', `/api/Airspace/Apply/${application.id}/`, 'admin')).body.data.status).toBe('submitted');
    // Its owner, and admin, still may.
    expect((await call('POST', `/api/Airspace/Apply/${application.id}/cancel/`, 'operator2')).body.data.status).toBe('cancelled');
  });

  it('does not let a write reference, or move a row into, what the caller cannot see', async () => {
    const [foreign] = await devicesOf(ops.operator2.dept_id);
    const task = await call('POST', '/api/Task/', 'operator1', { name: 'Borrowed drone', project_id: 2, device_id: foreign.id, kind: 'patrol' });
    expect([task.status, task.body.errors]).toEqual([
      400,
      [{ field: 'device_id', message: `no devices row with id ${foreign.id}`, code: 'field.unknown_ref', params: { id: foreign.id } }],
    ]);

    const [own] = await devicesOf(ops.operator1.dept_id);
    const moved = await call('PATCH', `/api/Device/${own.id}/`, 'operator1', { dept_id: ops.operator2.dept_id });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ error_code: 'scope.dept_outside', errors: [{ field: 'dept_id', code: 'scope.dept_outside' }] });
    expect((await call('GET', `/api/Device/${own.id}/`, 'admin')).body.data.dept_id).toBe(ops.operator1.dept_id);
  });

  it('narrows lists, counts and /chartinfo/ to the scope; admin keeps all', async () => {
    const mine = (await call('GET', '/api/Device/?page_size=100', 'operator1')).body.data;
    const expected = (await devicesOf(ops.operator1.dept_id)).map((d) => d.id).sort((a, b) => a - b);
    expect(mine.total).toBe(expected.length);
    expect(mine.items.map((d: { id: number }) => d.id).sort((a: number, b: number) => a - b)).toEqual(expected);
    const everything = await api.total('/api/Device/');
    expect(everything).toBeGreaterThan(mine.total);

    const range = 'from=2020-01-01&to=2020-12-31';
    const counts = (await call('GET', `/api/chartinfo/?${range}`, 'operator1')).body.data.statusCounts.devices as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(mine.total);

    // Flight records and alerts follow their device: every record operator1 sees is of a device it sees.
    const reports = (await call('GET', '/api/Airspace/Report/?page_size=100', 'operator1')).body.data;
    expect(reports.total).toBeGreaterThan(0);
    expect(reports.total).toBeLessThan(await api.total('/api/Airspace/Report/'));
    for (const report of reports.items as { device_id: number; created_by: number | null }[])
      expect(expected.includes(report.device_id) || report.created_by === ops.operator1.id).toBe(true);

    // Tasks, routes, applications and plans of department 3 are invisible to operator1 too.
    for (const path of ['Task', 'Route', 'Airspace/Apply', 'Airspace/Plan']) {
      const items = (await call('GET', `/api/${path}/?page_size=100`, 'operator1')).body.data.items as { dept_id: number | null; created_by: number | null }[];
      expect([path, items.filter((row) => row.dept_id !== ops.operator1.dept_id && row.created_by !== ops.operator1.id)]).toEqual([path, []]);
      expect([path, await api.total(`/api/${path}/`, 'operator1')]).not.toEqual([path, await api.total(`/api/${path}/`)]);
    }
  });

  it('names only the devices in scope: POST /Device/names/ leaves out the others and unknown serials', async () => {
    const own = await devicesOf(ops.operator1.dept_id);
    const foreign = await devicesOf(ops.operator2.dept_id);
    expect(own.length * foreign.length).toBeGreaterThan(0);
    const serials = [...own, ...foreign].map((d) => d.serial).concat('NOT-REGISTERED', own[0].serial);
    const namesOf = (devices: { id: number; serial: string; name: string }[]) => ({
      names: Object.fromEntries(devices.map((d) => [d.serial, d.name])),
      ids: Object.fromEntries(devices.map((d) => [d.serial, d.id])),
    });
    const names = async (as: string, body: unknown) => call('POST', '/api/Device/names/', as, body);
    expect((await names('operator1', { serials })).body.data).toEqual(namesOf(own));
    expect((await names('admin', { serials })).body.data).toEqual(namesOf([...own, ...foreign]));
    for (const body of [{ serials: [] }, { serials: ['a/b'] }, { serials: Array.from({ length: MAX_NAME_SERIALS + 1 }, (_, i) => `S-${i}`) }, {}])
      expect((await names('operator1', body)).status).toBe(400);
    expect((await call('POST', '/api/Device/names/', undefined, { serials })).status).toBe(401);
  });

  it('lets nobody hand out a wider data scope than its own, by role edit or role assignment', async () => {
    // Within the manager's permissions, but seeing all rows.
    const wideReader = (
      await call('POST', '/api/Role/', 'admin', { code: `wide_reader_${dialect}`, name: 'Wide reader', permissions: ['device:read'], data_scope: 'all' })
    ).body.data;
    const manager = (
      await call('POST', '/api/Role/', 'admin', {
        code: `dept_org_${dialect}`,
        name: 'Dept org',
        permissions: ['org:read', 'org:write', 'device:read'],
        data_scope: 'dept',
      })
    ).body.data;
    const user = (
      await call('POST', '/api/User/', 'admin', {
        username: `deptorg_${dialect}`,
        name: 'Dept org',
        password: 'dept-org-pass-1',
        dept_id: ops.operator1.dept_id,
        role_ids: [manager.id],
      })
    ).body.data;
    tokens.deptorg = (await api.login(`deptorg_${dialect}`, 'dept-org-pass-1')).body.data.token;
    expect((await call('PATCH', `/api/Role/${manager.id}/`, 'deptorg', { data_scope: 'all' })).status).toBe(403);
    expect(
      (await call('POST', '/api/Role/', 'deptorg', { code: `wide_${dialect}`, name: 'Wide', permissions: ['device:read'], data_scope: 'all' })).status,
    ).toBe(403);
    expect((await call('PATCH', `/api/User/${user.id}/`, 'deptorg', { role_ids: [manager.id, wideReader.id] })).status).toBe(403);
    expect(await api.total('/api/Device/', 'deptorg')).toBe((await devicesOf(ops.operator1.dept_id)).length);
  });

  it("follows the role's data scope as an admin edits it", async () => {
    const roles = (await call('GET', '/api/Role/?search=operator', 'admin')).body.data.items as { id: number; code: string; data_scope: string }[];
    const operator = roles.find((r) => r.code === 'operator')!;
    expect(operator.data_scope).toBe('dept');
    try {
      expect((await call('PATCH', `/api/Role/${operator.id}/`, 'admin', { data_scope: 'own' })).body.data.data_scope).toBe('own');
      const own = (await call('GET', '/api/Device/?page_size=100', 'operator2')).body.data.items as { created_by: number }[];
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((d) => d.created_by === ops.operator2.id)).toBe(true);
      expect((await call('PATCH', `/api/Role/${operator.id}/`, 'admin', { data_scope: 'all' })).status).toBe(200);
      expect(await api.total('/api/Device/', 'operator1')).toBe(await api.total('/api/Device/'));
      expect((await call('PATCH', `/api/Role/${operator.id}/`, 'admin', { data_scope: 'everything' })).status).toBe(400);
    } finally {
      await call('PATCH', `/api/Role/${operator.id}/`, 'admin', { data_scope: 'dept' });
    }
  });
});
