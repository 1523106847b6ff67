import { type Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';

/**
 * Issue 27, escalation by a department-scoped manager: the manager of 巡检一队 holds every permission ('*') but only
 * its department's data scope, so whatever it does must stay inside 巡检一队 and grant nothing wider than that.
 */
describe.each<Dialect>(['sqlite', 'postgres'])('tenancy: a department-scoped manager cannot escalate (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, tokens } = api;
  const password = 'Manager-Pass-1';
  let team: { hq: number; one: number; two: number };
  let users: Record<string, { id: number; dept_id: number }>;
  let me: number;

  beforeAll(async () => {
    const all = (await call('GET', '/api/User/?page_size=100', 'admin')).body.data.items as { id: number; username: string; dept_id: number }[];
    users = Object.fromEntries(all.map((u) => [u.username, u]));
    const depts = (await call('GET', '/api/Dept/?page_size=100', 'admin')).body.data.items as { id: number; parent_id: number | null }[];
    team = { hq: depts.find((d) => d.parent_id === null)!.id, one: users.operator1.dept_id, two: users.operator2.dept_id };
    const role = await call('POST', '/api/Role/', 'admin', { code: 'team_manager', name: '队长', permissions: ['*'], data_scope: 'dept' });
    const created = await call('POST', '/api/User/', 'admin', {
      username: 'manager1',
      name: '一队队长',
      password,
      dept_id: team.one,
      role_ids: [role.body.data.id],
    });
    me = created.body.data.id;
    tokens.manager1 = (await api.login('manager1', password)).body.data.token;
  });

  it('creates a role without a data scope as one that sees only its own rows, not all', async () => {
    const role = await call('POST', '/api/Role/', 'manager1', { code: 'helper', name: '助手', permissions: ['device:read'] });
    expect([role.status, role.body.data.data_scope]).toEqual([200, 'own']);
  });

  it('refuses a body field the endpoint does not document (400), and writes none of it', async () => {
    for (const payload of [{ permissions: ['*'] }, { data_scope: 'all' }, { password_hash: 'scrypt$1$1$1$AAAA$AAAA' }, { name: '队长', is_admin: true }]) {
      const answer = await call('PATCH', `/api/User/${me}/`, 'manager1', payload);
      expect([answer.status, answer.body.errors?.[0]]).toEqual([400, expect.objectContaining({ code: 'field.unknown_keys' })]);
    }
    expect((await api.login('manager1', password)).status).toBe(200);
    const role = await call('POST', '/api/Role/', 'manager1', { code: 'sneaky', name: '越权', permissions: [], data_scope: 'dept', created_by: 1 });
    expect(role.status).toBe(400);
  });

  it('does not reset the password of, deactivate or re-role a user who sees more than itself', async () => {
    // viewer1 is in 巡检一队 too, but its viewer role sees every department.
    const viewer = users.viewer1;
    expect(viewer.dept_id).toBe(team.one);
    for (const payload of [{ password: 'Taken-Over-1' }, { is_active: 0 }, { role_ids: [] }]) {
      const answer = await call('PATCH', `/api/User/${viewer.id}/`, 'manager1', payload);
      expect([answer.status, answer.body.error_code]).toEqual([403, 'user.scope_beyond_actor']);
    }
    expect((await api.login('viewer1', 'Taken-Over-1')).status).toBe(401);
  });

  it('acts on no user of another department: 404 for theirs, 400 for a new one filed there', async () => {
    for (const [method, payload] of [
      ['PATCH', { is_active: 0 }],
      ['PATCH', { password: 'Taken-Over-2' }],
      ['DELETE', undefined],
      ['GET', undefined],
    ] as const)
      expect([method, (await call(method, `/api/User/${users.operator2.id}/`, 'manager1', payload)).status]).toEqual([method, 404]);
    expect((await call('GET', `/api/User/${users.operator2.id}/`, 'admin')).body.data.is_active).toBe(1);
    const outside = await call('POST', '/api/User/', 'manager1', { username: 'planted', name: '外队', password: 'Planted-Pass-1', dept_id: team.two });
    expect([outside.status, outside.body.error_code]).toEqual([400, 'scope.dept_outside']);
    const inside = await call('POST', '/api/User/', 'manager1', { username: 'newpilot', name: '新飞手', password: 'Newpilot-Pass-1' });
    expect([inside.status, inside.body.data.dept_id]).toEqual([200, team.one]);
  });

  it('does not move itself to the root department', async () => {
    const answer = await call('PATCH', `/api/User/${me}/`, 'manager1', { dept_id: team.hq });
    expect([answer.status, answer.body.error_code]).toEqual([400, 'scope.dept_outside']);
    expect((await call('GET', `/api/User/${me}/`, 'admin')).body.data.dept_id).toBe(team.one);
  });

  it('changes only departments of its subtree, under a parent of its subtree', async () => {
    expect((await call('PATCH', `/api/Dept/${team.two}/`, 'manager1', { parent_id: team.one })).status).toBe(404);
    expect((await call('DELETE', `/api/Dept/${team.two}/`, 'manager1')).status).toBe(404);
    expect((await call('GET', `/api/Dept/${team.two}/`, 'admin')).body.data.parent_id).toBe(team.hq);
    const above = await call('PATCH', `/api/Dept/${team.one}/`, 'manager1', { parent_id: null });
    expect([above.status, above.body.error_code]).toEqual([400, 'scope.dept_outside']);
    expect((await call('POST', '/api/Dept/', 'manager1', { name: '新根部门' })).status).toBe(400);
    expect((await call('POST', '/api/Dept/', 'manager1', { name: '外队分组', parent_id: team.two })).status).toBe(400);
    const sub = await call('POST', '/api/Dept/', 'manager1', { name: '一队一组', parent_id: team.one });
    expect(sub.status).toBe(200);
    expect((await call('PATCH', `/api/Dept/${sub.body.data.id}/`, 'manager1', { name: '一队甲组' })).status).toBe(200);
  });

  it('does not edit or delete a role that users outside its scope hold', async () => {
    const roles = (await call('GET', '/api/Role/?page_size=100', 'admin')).body.data.items as { id: number; code: string; permissions: string[] }[];
    const operator = roles.find((r) => r.code === 'operator')!;
    for (const [method, payload] of [
      ['PATCH', { permissions: ['device:read'] }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(method, `/api/Role/${operator.id}/`, 'manager1', payload);
      expect([method, answer.status, answer.body.error_code]).toEqual([method, 403, 'role.used_outside_scope']);
    }
    expect((await call('GET', `/api/Role/${operator.id}/`, 'admin')).body.data.permissions).toEqual(operator.permissions);
    // A role only its own department holds is its to edit.
    const own = await call('POST', '/api/Role/', 'manager1', { code: 'team_pilot', name: '一队飞手', permissions: ['device:read'], data_scope: 'dept' });
    await call('PATCH', `/api/User/${users.operator1.id}/`, 'admin', { role_ids: [...[roles.find((r) => r.code === 'operator')!.id], own.body.data.id] });
    expect((await call('PATCH', `/api/Role/${own.body.data.id}/`, 'manager1', { name: '一队飞手组' })).status).toBe(200);
  });

  it('lists only users and projects of its scope', async () => {
    const listed = (await call('GET', '/api/User/?page_size=100', 'operator1')).body.data.items as { id: number; dept_id: number; phone: string | null }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((u) => u.dept_id !== team.one)).toEqual([]);
    // operator1 is a member of the demo's projects; the manager is a member of none.
    const memberOf = (await call('GET', '/api/Project/?page_size=100', 'operator1')).body.data.items as { dept_id: number; members: number[] }[];
    expect(memberOf.filter((p) => p.dept_id !== team.one && !p.members.includes(users.operator1.id))).toEqual([]);
    const projects = (await call('GET', '/api/Project/?page_size=100', 'manager1')).body.data.items as { dept_id: number }[];
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.filter((p) => p.dept_id !== team.one)).toEqual([]);
    expect(await api.total('/api/Project/')).toBeGreaterThan(projects.length);
  });
});
