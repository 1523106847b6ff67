import type { InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { ADMIN_PASSWORD, startServer, type Dialect, type TestServer } from './harness';

export type Json = { code: number; msg: string; data: any; errors?: { field: string; message: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface DemoApi {
  /** The server of the current file (set in beforeAll). */
  readonly server: TestServer;
  tokens: Record<string, string>;
  call: (
    method: InjectOptions['method'],
    url: string,
    as?: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: Json; headers: Record<string, unknown> }>;
  login: (username: string, password: string) => ReturnType<DemoApi['call']>;
  /** `data.total` of a list, as admin unless `as` says otherwise. */
  total: (url: string, as?: string) => Promise<number>;
}

/**
 * One demo-seeded server for the describe block that calls this (started in beforeAll, closed in afterAll), with
 * admin, operator1 and viewer1 signed in. Every API test file starts its own, so no file depends on another's writes.
 */
export function useDemoApi(dialect: Dialect): DemoApi {
  let server: TestServer | undefined;
  const tokens: Record<string, string> = {};
  const call: DemoApi['call'] = async (method, url, as, payload, headers = {}) => {
    const response = await server!.handle.app.inject({
      method,
      url,
      headers: { ...headers, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
      ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
  };
  const login: DemoApi['login'] = async (username, password) => call('POST', '/api/auth/login/', undefined, { username, password });
  const total: DemoApi['total'] = async (url, as = 'admin') => (await call('GET', url, as)).body.data.total as number;

  beforeAll(async () => {
    server = await startServer(dialect);
    for (const [user, password] of [
      ['admin', ADMIN_PASSWORD],
      ['operator1', DEMO_PASSWORD],
      ['viewer1', DEMO_PASSWORD],
    ]) {
      const response = await login(user, password);
      expect(response.status).toBe(200);
      tokens[user] = response.body.data.token;
    }
  });
  afterAll(async () => server?.close());

  return {
    get server() {
      return server!;
    },
    tokens,
    call,
    login,
    total,
  };
}
