import type { InjectOptions } from 'fastify';
import type { TestApi } from '../api/testApi';

/** A Pilot 2 answer: DJI's `{code, message, data}`. */
export interface PilotJson {
  code: number;
  message: string;
  // Tests read whatever shape each endpoint returns.
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  error_code?: string;
  errors?: { field: string; message: string }[];
}

/**
 * Calls a Pilot path as Pilot 2 does: the login token in X-Auth-Token (`as` absent: no token; a string not a user: that
 * token), and Pilot's Accept-Language when `language` is given.
 */
export function pilotCaller(api: TestApi) {
  return async (method: InjectOptions['method'], url: string, as?: string, payload?: unknown, language?: string) => {
    const token = as === undefined ? undefined : (api.tokens[as] ?? as);
    const response = await api.server.handle.app.inject({
      method,
      url,
      headers: { ...(token === undefined ? {} : { 'X-Auth-Token': token }), ...(language === undefined ? {} : { 'Accept-Language': language }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as PilotJson, headers: response.headers };
  };
}

/** Makes a project for the data-scope cases: filed under `deptId`, with `members`. */
export async function makeProject(api: TestApi, name: string, deptId: number | null, members: number[] = []): Promise<number> {
  const created = await api.call('POST', '/api/Project/', 'admin', { name, dept_id: deptId, members });
  expect(created.status).toBe(200);
  return created.body.data.id as number;
}

/** The id and department of a demo user. */
export async function demoUser(api: TestApi, username: string): Promise<{ id: number; dept_id: number }> {
  const users = (await api.call('GET', `/api/User/?search=${username}&page_size=100`, 'admin')).body.data.items as {
    id: number;
    username: string;
    dept_id: number;
  }[];
  return users.find((u) => u.username === username)!;
}
