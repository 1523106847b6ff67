/** A page of a list, as the API answers it. */
export interface ListPage<Item> {
  items?: Item[];
  total?: number;
}

/**
 * The API of a server listening at `base`, called over HTTP as a browser calls it: `http` with a bearer token ('' for none) (the
 * envelope's data; a non-2xx answer throws with its message) and `login`, which answers a user's token.
 */
export function apiClient(base: string) {
  const http = async <Item = unknown>(token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    const body = (await response.json()) as { data: Record<string, unknown> & ListPage<Item>; msg: string };
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${body.msg}`);
    return body.data;
  };
  const login = async (username: string, password: string) => {
    const answer = (await http('', 'POST', '/api/auth/login/', { username, password })) as unknown as { token: string };
    return answer.token;
  };
  return { http, login };
}
