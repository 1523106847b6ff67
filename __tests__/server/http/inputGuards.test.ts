import type { FieldError } from '../../../server/http/envelope';
import { inputProblems, MAX_INPUT_DEPTH } from '../../../server/http/inputGuards';
import { ADMIN_PASSWORD, multipart, startServer, type Dialect, type TestServer } from '../api/harness';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('inputProblems', () => {
  const table: [string, unknown, FieldError[]][] = [
    ['plain text', { name: 'Hangar 3', note: 'line 1\nline 2\tcol\r\n' }, []],
    ['NUL in a field', { name: 'a\u0000b' }, [{ field: 'name', message: 'contains a control character', code: 'field.control_character' }]],
    [
      'escape in a nested field',
      { geometry: { labels: ['ok', '\u001b[31m'] } },
      [{ field: 'geometry.labels.1', message: 'contains a control character', code: 'field.control_character' }],
    ],
    ['DEL', { search: 'x\u007f' }, [{ field: 'search', message: 'contains a control character', code: 'field.control_character' }]],
    ['control character in a key', { 'a\u0000': 1 }, [{ field: 'a\u0000', message: 'name contains a control character', code: 'field.control_character' }]],
    ['deep but allowed', nested(MAX_INPUT_DEPTH), []],
    [
      'too deep',
      { coordinates: nested(5000) },
      [
        {
          field: `coordinates${'.0'.repeat(MAX_INPUT_DEPTH - 1)}`,
          message: `is nested deeper than ${MAX_INPUT_DEPTH} levels`,
          code: 'field.too_deep',
          params: { levels: MAX_INPUT_DEPTH },
        },
      ],
    ],
    ['a bare string', 'fine', []],
  ];
  it.each(table)('%s', (_name, value, expected) => expect(inputProblems(value)).toEqual(expected));
});

describe.each<Dialect>(['sqlite', 'postgres'])('hostile input over the API (%s)', (dialect) => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(dialect, { demoSeed: false });
    const login = await server.handle.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    headers = { authorization: `Bearer ${login.json().data.token}` };
  });
  afterAll(async () => server?.close());

  const devices = async () => (await server.handle.app.inject({ method: 'GET', url: '/api/Device/', headers })).json().data.total as number;

  it('answers 400 naming the field for NUL and other control characters, and writes nothing', async () => {
    const search = await server.handle.app.inject({ method: 'GET', url: '/api/Device/?search=a%00b', headers });
    expect([search.statusCode, search.json().errors]).toEqual([
      400,
      [{ field: 'search', message: 'contains a control character', code: 'field.control_character' }],
    ]);
    const before = await devices();
    const json = await server.handle.app.inject({
      method: 'POST',
      url: '/api/Device/',
      headers,
      payload: { serial: 'NUL-0001', name: 'a\u0000b', model: 'M30', kind: 'aircraft' },
    });
    expect([json.statusCode, json.json().errors]).toEqual([400, [{ field: 'name', message: 'contains a control character', code: 'field.control_character' }]]);
    const form = multipart({ serial: 'NUL-0002', name: 'x', model: 'M30\u0007', kind: 'aircraft' });
    const formResponse = await server.handle.app.inject({
      method: 'POST',
      url: '/api/Device/',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect([formResponse.statusCode, formResponse.json().errors]).toEqual([
      400,
      [{ field: 'model', message: 'contains a control character', code: 'field.control_character' }],
    ]);
    expect(await devices()).toBe(before);
  });

  it('answers 400 for JSON nested 5,000 deep', async () => {
    const payload = `{"name":"deep","category":"poi","geometry":{"type":"Point","coordinates":${'['.repeat(5000)}1${']'.repeat(5000)}}}`;
    const response = await server.handle.app.inject({
      method: 'POST',
      url: '/api/Feature/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(`is nested deeper than ${MAX_INPUT_DEPTH} levels`);
  });
});
