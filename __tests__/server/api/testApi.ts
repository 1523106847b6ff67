import type { InjectOptions } from 'fastify';
import { ADMIN_PASSWORD, SERVER_START_TIMEOUT_MS, startServer, type Dialect, type TestServer } from './harness';

/** The envelope; `error_code`/`params` are the stable reason of an error. */
export type Json = {
  code: number;
  msg: string;
  // Tests read whatever shape each endpoint returns.
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  errors?: { field: string; message: string }[];
  error_code?: string;
  params?: Record<string, unknown>;
};

export interface TestApi {
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
  login: (username: string, password: string) => ReturnType<TestApi['call']>;
  /** `data.total` of a list, as admin unless `as` says otherwise. */
  total: (url: string, as?: string) => Promise<number>;
  /** Creates a user holding one built-in role (admin, operator, viewer) and signs it in as `username`. */
  addUser: (username: string, roleCode: string) => Promise<void>;
}

/**
 * One server for the describe block that calls this (started in beforeAll, closed in afterAll). With the demo seed
 * (default) admin, operator1 and viewer1 are signed in; without it only admin, and the file adds its own fixtures.
 * Every API test file starts its own, so no file depends on another's writes.
 */
export function useTestApi(dialect: Dialect, options: { demoSeed?: boolean } = {}): TestApi {
  const demoSeed = options.demoSeed ?? true;
  let server: TestServer | undefined;
  const tokens: Record<string, string> = {};
  const call: TestApi['call'] = async (method, url, as, payload, headers = {}) => {
    const response = await server!.handle.app.inject({
      method,
      url,
      headers: { ...headers, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
      ...(payload === undefined ? {} : Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
  };
  const login: TestApi['login'] = async (username, password) => call('POST', '/api/auth/login/', undefined, { username, password });
  const total: TestApi['total'] = async (url, as = 'admin') => (await call('GET', url, as)).body.data.total as number;

  beforeAll(async () => {
    server = await startServer(dialect, { demoSeed });
    const accounts = [
      ['admin', ADMIN_PASSWORD],
      ...(demoSeed
        ? [
            ['operator1', server.handle.demoPasswords!.operator1],
            ['viewer1', server.handle.demoPasswords!.viewer1],
          ]
        : []),
    ];
    for (const [user, password] of accounts) {
      const response = await login(user, password);
      expect(response.status).toBe(200);
      tokens[user] = response.body.data.token;
    }
  }, SERVER_START_TIMEOUT_MS);
  afterAll(async () => server?.close());

  const addUser: TestApi['addUser'] = async (username, roleCode) => {
    const roles = (await call('GET', `/api/Role/?search=${roleCode}`, 'admin')).body.data.items as { id: number; code: string }[];
    const role = roles.find((r) => r.code === roleCode);
    const password = `${username}-Pass-1`;
    const created = await call('POST', '/api/User/', 'admin', { username, name: username, password, role_ids: [role!.id] });
    expect(created.status).toBe(200);
    tokens[username] = (await login(username, password)).body.data.token;
  };

  return {
    get server() {
      return server!;
    },
    tokens,
    call,
    login,
    total,
    addUser,
  };
}
