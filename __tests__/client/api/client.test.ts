import { ApiError, buildUrl, createHttpClient } from '../../../src/api/client';

type FetchCall = { url: string; init: RequestInit };

function fakeFetch(respond: (call: FetchCall) => Promise<Response> | Response) {
  const calls: FetchCall[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return respond(call);
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('buildUrl', () => {
  it.each([
    ['/api', '/Device/', undefined, '/api/Device/'],
    ['/api/', '/Device/', undefined, '/api/Device/'],
    ['/api', 'Task/', { page: 2, search: 'M30' }, '/api/Task/?page=2&search=M30'],
    ['/api', '/Device/', { status: ['online', 'flying'], empty: '', none: undefined }, '/api/Device/?status=online&status=flying'],
  ])('%s + %s', (base, path, query, expected) => {
    expect(buildUrl(base, path, query)).toBe(expected);
  });
});

describe('createHttpClient', () => {
  it('sends the bearer token when logged in and JSON bodies', async () => {
    const { impl, calls } = fakeFetch(() => json(200, { code: 200, msg: 'ok', data: { id: 1 } }));
    const client = createHttpClient({ baseURL: '/api', getToken: () => 'abc', fetchImpl: impl });
    const result = await client.request('POST', '/auth/login/', { body: { username: 'a' } });
    expect(result.data).toEqual({ id: 1 });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0].init.body).toBe('{"username":"a"}');
  });

  it('sends no Authorization header when logged out', async () => {
    const { impl, calls } = fakeFetch(() => json(200, { code: 200, msg: 'ok', data: null }));
    await createHttpClient({ baseURL: '/api', getToken: () => null, fetchImpl: impl }).request('GET', '/logininfo/');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('rejects with the response body on an HTTP error', async () => {
    const body = { code: 409, msg: 'serial exists', data: null, errors: [{ field: 'sn', message: 'taken' }] };
    const { impl } = fakeFetch(() => json(409, body));
    const error = await createHttpClient({ baseURL: '/api', getToken: () => null, fetchImpl: impl })
      .request('POST', '/Device/')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 409, message: 'serial exists', body });
  });

  it('reports a network failure', async () => {
    const { impl } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createHttpClient({ baseURL: '/api', getToken: () => null, fetchImpl: impl }).request('GET', '/x/')).rejects.toMatchObject({ kind: 'network' });
  });

  it('reports a timeout', async () => {
    const { impl } = fakeFetch(
      ({ init }) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const client = createHttpClient({ baseURL: '/api', getToken: () => null, fetchImpl: impl, timeoutMs: 20 });
    await expect(client.request('GET', '/slow/')).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('reports a cancelled request as aborted', async () => {
    const { impl } = fakeFetch(
      ({ init }) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const controller = new AbortController();
    const pending = createHttpClient({ baseURL: '/api', getToken: () => null, fetchImpl: impl }).request('GET', '/slow/', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});
