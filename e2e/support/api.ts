import type { RunningServer } from './server';

export interface ApiResponse<T> {
  status: number;
  /** The envelope's `data`. */
  data: T;
  /** The whole parsed body (`{ data, msg, … }`), or {} when empty. */
  body: { data: T; msg?: string } & Record<string, unknown>;
}

export interface ApiClient {
  /** Calls `method /api{path}` as the user (signed in on first use); never throws on an HTTP error status. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** Like call, but throws on a status ≥ 400 and returns only `data`. */
  data<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The user's bearer token (signs in on first use). */
  token(): Promise<string>;
}

const baseOf = (server: RunningServer) => `${server.url.replace(/\/$/, '')}/api`;

async function request<T>(server: RunningServer, token: string | null, method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  const response = await fetch(`${baseOf(server)}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const parsed = (text ? JSON.parse(text) : {}) as ApiResponse<T>['body'];
  return { status: response.status, data: parsed.data, body: parsed };
}

/**
 * The server's REST API as one user. The server is read lazily (it starts in a beforeAll), so this can be created at
 * the top of a file: `const admin = apiAs(() => session.server, 'admin', (s) => s.adminPassword)`.
 */
export function apiAs(server: () => RunningServer, username: string, password: (server: RunningServer) => string): ApiClient {
  let cached: { url: string; token: string } | null = null;
  const token = async () => {
    const current = server();
    if (cached?.url !== current.url) {
      const login = await request<{ token: string }>(current, null, 'POST', '/auth/login/', { username, password: password(current) });
      if (login.status >= 400 || !login.data?.token) throw new Error(`login as ${username} answered ${login.status}: ${login.body.msg}`);
      cached = { url: current.url, token: login.data.token };
    }
    return cached.token;
  };
  const call = async <T>(method: string, path: string, body?: unknown) => request<T>(server(), await token(), method, path, body);
  return {
    call,
    token,
    data: async <T>(method: string, path: string, body?: unknown) => {
      const response = await call<T>(method, path, body);
      if (response.status >= 400) throw new Error(`${method} ${path} answered ${response.status}: ${response.body.msg ?? ''}`);
      return response.data;
    },
  };
}

/** The API as the server's admin. */
export const adminApi = (server: () => RunningServer): ApiClient => apiAs(server, 'admin', (s) => s.adminPassword);
