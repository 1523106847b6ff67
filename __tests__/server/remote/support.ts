import type { Simulation } from '../../../scripts/simulator';
import type { TestServer } from '../mqtt/support';
import { loginToken } from '../mqtt/support';

/** An API answer as the remote suites read it. */
export type Json = {
  status: number;
  body: {
    code: number; // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes
    data: any;
    error_code?: string;
    params?: Record<string, unknown>;
  };
};

/** Calls the test server's API as `token`'s user. */
export async function callAs(
  server: TestServer,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Json> {
  const response = await server.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}

/** A user of department `dept` holding `permissions` with department scope (made by `admin`); resolves with its token. */
export async function userWith(server: TestServer, admin: string, name: string, dept: number, permissions: string[]): Promise<string> {
  const role = await callAs(server, admin, 'POST', '/api/Role/', { code: name, name, permissions, data_scope: 'dept' });
  const password = `${name}-Passw0rd`;
  const user = await callAs(server, admin, 'POST', '/api/User/', { username: name, name, password, dept_id: dept, role_ids: [role.body.data.id] });
  if (user.status !== 200) throw new Error(`user ${name} not made: ${JSON.stringify(user.body)}`);
  return loginToken(server, name, password);
}

/** Two departments; the simulated dock `dockSn` and its aircraft filed under the first. */
export async function departmentsAround(server: TestServer, admin: string, dockSn: string, names: [string, string]): Promise<{ own: number; other: number }> {
  const own = (await callAs(server, admin, 'POST', '/api/Dept/', { name: names[0] })).body.data.id as number;
  const other = (await callAs(server, admin, 'POST', '/api/Dept/', { name: names[1] })).body.data.id as number;
  await server.app.db
    .updateTable('devices')
    .set({ dept_id: own })
    .where((eb) => eb.or([eb('serial', '=', dockSn), eb('gateway_sn', '=', dockSn)]))
    .execute();
  return { own, other };
}

/** The registered device's id by its serial. */
export async function deviceIdOf(server: TestServer, sn: string): Promise<number> {
  return (await server.app.db.selectFrom('devices').select('id').where('serial', '=', sn).executeTakeFirstOrThrow()).id;
}

/** The accepted plan the simulator filed for aircraft `sn` (simulation option `plans`), once its window is open; its id. */
export async function openPlanOf(simulation: Simulation, sn: string): Promise<number> {
  await simulation.planWindowsOpen();
  const id = simulation.flightPlans.get(sn);
  if (id === undefined) throw new Error(`the simulator filed no plan for ${sn}`);
  return id;
}
