import { grants } from '@shared/permissions';
import { type Dialect } from './harness';
import { useTestApi } from './testApi';

type Row = Record<string, unknown> & { id: number };

describe.each<Dialect>(['sqlite', 'postgres'])('display names and pick lists (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  const items = async (url: string, as = 'admin') => {
    const response = await call('GET', url, as);
    expect([url, response.status]).toEqual([url, 200]);
    return response.body.data.items as Row[];
  };
  const nameById = async (url: string, column = 'name') => new Map((await items(url)).map((row) => [row.id, row[column]]));

  it('lists carry the names of the rows they refer to, for a user who may not read those tables', async () => {
    const [depts, users, devices, projects, routes] = await Promise.all([
      nameById('/api/Dept/?page_size=100'),
      nameById('/api/User/?page_size=100'),
      nameById('/api/Device/?page_size=100'),
      nameById('/api/Project/?page_size=100'),
      nameById('/api/Route/?page_size=100'),
    ]);
    const expectNames = (rows: Row[], pairs: [string, string, Map<number, unknown>][]) => {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows)
        for (const [idField, nameField, names] of pairs) {
          expect(row).toHaveProperty(nameField);
          expect([row.id, row[nameField]]).toEqual([row.id, row[idField] === null ? null : names.get(row[idField] as number)]);
        }
    };
    // viewer1 holds no org:read, yet sees department and pilot names.
    expect((await call('GET', '/api/User/', 'viewer1')).status).toBe(403);
    const tasks = await items('/api/Task/?page_size=100', 'viewer1');
    expectNames(tasks, [
      ['pilot_id', 'pilot_name', users],
      ['device_id', 'device_name', devices],
      ['project_id', 'project_name', projects],
      ['route_id', 'route_name', routes],
    ]);
    expect(tasks.some((t) => typeof t.pilot_name === 'string')).toBe(true);
    expectNames(await items('/api/Device/?page_size=100', 'viewer1'), [['dept_id', 'dept_name', depts]]);
    expectNames(await items('/api/Airspace/Apply/?page_size=100', 'viewer1'), [
      ['applicant_id', 'applicant_name', users],
      ['reviewer_id', 'reviewer_name', users],
      ['device_id', 'device_name', devices],
    ]);
    expectNames(await items('/api/Airspace/Plan/?page_size=100', 'viewer1'), [
      ['device_id', 'device_name', devices],
      ['route_id', 'route_name', routes],
    ]);
    expectNames(await items('/api/Airspace/Report/?page_size=100', 'viewer1'), [
      ['device_id', 'device_name', devices],
      ['project_id', 'project_name', projects],
      ['pilot_id', 'pilot_name', users],
    ]);
    expectNames(await items('/api/Route/?page_size=100', 'viewer1'), [['project_id', 'project_name', projects]]);
    expectNames(await items('/api/Project/?page_size=100', 'viewer1'), [['dept_id', 'dept_name', depts]]);
    expectNames(await items('/api/User/?page_size=100'), [['dept_id', 'dept_name', depts]]);
  });

  it('one record, a save and a workflow step answer with the names too', async () => {
    // operator1 (department 2) changes the task, so it is one of department 2's own (data scope): a pending one in project 2.
    const created = await call('POST', '/api/Task/', 'operator1', { name: 'Named task', project_id: 2, kind: 'inspection' });
    expect(created.status).toBe(200);
    const [task] = (await items('/api/Task/?status=pending&page_size=100', 'operator1')).filter((t) => t.id === created.body.data.id);
    const one = (await call('GET', `/api/Task/${task.id}/`, 'viewer1')).body.data;
    expect(one.project_name).toBe(task.project_name);
    // A pilot operator1's data scope shows (users are scoped to departments too).
    const [pilot] = await items('/api/User/?permission=device:pilot&page_size=1', 'operator1');
    const saved = await call('PATCH', `/api/Task/${task.id}/`, 'operator1', { pilot_id: pilot.id });
    expect(saved.status).toBe(200);
    expect(saved.body.data.pilot_name).toBe(pilot.name);
    const stepped = await call('POST', `/api/Task/${task.id}/cancel/`, 'operator1', {});
    expect(stepped.status).toBe(200);
    expect(stepped.body.data).toMatchObject({ status: 'cancelled', pilot_name: pilot.name, project_name: task.project_name });
  });

  it('a reference to nothing names nothing', async () => {
    // Every new row is filed under a department now (data scope); a task may name no route, aircraft or pilot.
    const created = await call('POST', '/api/Task/', 'admin', { name: '无引用任务', project_id: 2, kind: 'inspection' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ route_id: null, route_name: null, device_id: null, device_name: null, pilot_id: null, pilot_name: null });
  });

  it('pick lists: aircraft only, pilots only, searched on the server', async () => {
    const aircraft = await items('/api/Device/?kind=aircraft&page_size=100', 'viewer1');
    expect(aircraft.length).toBeGreaterThan(0);
    // The fleet has docks and controllers too: fewer than all devices.
    expect(aircraft.length).toBeLessThan(await api.total('/api/Device/', 'viewer1'));
    expect(new Set(aircraft.map((d) => d.kind))).toEqual(new Set(['aircraft']));
    // The aircraft pick list as the console asks it: a piece of a serial in the other case finds the aircraft.
    const lettered = aircraft.find((d) => /[a-z]/i.test(String(d.serial)))!;
    const piece = [...String(lettered.serial).slice(0, 6)].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    const found = await items(`/api/Device/?kind=aircraft&page_size=20&search=${encodeURIComponent(piece)}`, 'viewer1');
    expect(found.map((d) => d.id)).toContain(lettered.id);
    expect(new Set(found.map((d) => d.kind))).toEqual(new Set(['aircraft']));

    const everyone = await items('/api/User/?page_size=100');
    const roles = new Map((await items('/api/Role/?page_size=100')).map((r) => [r.id, r.permissions as string[]]));
    const permissionsOf = (user: Row) => (user.role_ids as number[]).flatMap((id) => roles.get(id) ?? []);
    const pilots = await items('/api/User/?permission=device:pilot&page_size=100');
    const expected = everyone.filter((u) => grants(permissionsOf(u), 'device:pilot')).map((u) => u.username);
    expect(pilots.map((u) => u.username).sort()).toEqual(expected.sort());
    // admin ("*") and the operators ("device:*") fly; viewers and the QA engineer do not.
    expect(pilots.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'operator1', 'operator2']));
    expect(pilots.map((u) => u.username)).not.toEqual(expect.arrayContaining(['viewer1']));
    const searched = await items(`/api/User/?permission=device:pilot&search=${encodeURIComponent('张')}`);
    expect(searched.map((u) => u.username)).toEqual(['operator1']);
    const bad = await call('GET', '/api/User/?permission=device:fly', 'admin');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].field).toBe('permission');
  });

  it('the QA permission: granted to admin and to the built-in qa role only', async () => {
    const roles = await items('/api/Role/?page_size=100');
    const holders = roles.filter((r) => grants(r.permissions as string[], 'qa')).map((r) => r.code);
    expect(holders.sort()).toEqual(['admin', 'qa']);
    const qaUsers = await items('/api/User/?permission=qa');
    expect(qaUsers.map((u) => u.username).sort()).toEqual(['admin', 'qa1']);
  });
});
