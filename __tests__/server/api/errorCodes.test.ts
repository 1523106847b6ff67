import { isErrorCode } from '@shared/errorCodes';
import { multipart, type Dialect } from './harness';
import { useTestApi } from './testApi';

/** The leaks, each answered with its stable code and params (the console translates those, docs/api.md lists them). */
describe.each<Dialect>(['sqlite', 'postgres'])('error codes in the envelope (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, login } = api;

  it('names the reason of a wrong login, a missing token and a missing permission', async () => {
    expect((await login('admin', 'wrong-password')).body).toMatchObject({ code: 401, error_code: 'auth.wrong_credentials' });
    expect((await call('GET', '/api/Device/')).body).toMatchObject({ code: 401, error_code: 'auth.not_logged_in' });
    expect((await call('GET', '/api/User/', 'viewer1')).body).toMatchObject({
      code: 403,
      error_code: 'auth.missing_permission',
      params: { permission: 'org:read' },
    });
  });

  it('names a taken serial with the entity and field, and the field error with the value', async () => {
    const device = { serial: 'CODE-0001', name: 'Coded', model: 'M3E', kind: 'aircraft' };
    expect((await call('POST', '/api/Device/', 'operator1', device)).status).toBe(200);
    const again = await call('POST', '/api/Device/', 'operator1', device);
    expect(again.body).toMatchObject({
      code: 409,
      error_code: 'common.unique_taken',
      params: { entity: 'device', field: 'serial' },
      errors: [{ field: 'serial', code: 'field.taken', params: { value: 'CODE-0001' } }],
    });
  });

  it('gives validation issues their field codes with the limits', async () => {
    const response = await call('POST', '/api/Dept/', 'admin', { name: 'x'.repeat(129) });
    expect(response.body).toMatchObject({
      code: 400,
      error_code: 'common.invalid_input',
      params: { where: 'body' },
      errors: [{ field: 'name', code: 'field.too_long', params: { maximum: 128 } }],
    });
    const missing = await call('POST', '/api/auth/login/', undefined, { username: 'admin' });
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'password', code: 'field.required' })]);
  });

  it('names a querystring range in the wrong order', async () => {
    const response = await call('GET', '/api/Airspace/Report/?takeoff_from=2026-11-25&takeoff_to=2026-11-01', 'admin');
    expect(response.body).toMatchObject({
      code: 400,
      error_code: 'common.invalid_input',
      params: { where: 'querystring' },
      errors: [{ field: 'takeoff_to', code: 'field.before', params: { other: 'takeoff_from' } }],
    });
  });

  it('names a photo of the wrong type', async () => {
    const body = multipart(
      { serial: 'CODE-0002', name: 'Photo', model: 'M3E', kind: 'aircraft' },
      { field: 'photo', filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a') },
    );
    const response = await call('POST', '/api/Device/', 'operator1', body.payload, body.headers);
    expect(response.body).toMatchObject({
      code: 400,
      error_code: 'upload.bad_image_type',
      params: { field: 'photo' },
      errors: [{ field: 'photo', code: 'upload.bad_image_type' }],
    });
  });

  it('names a department still referenced, and an illegal workflow step with its status', async () => {
    const dept = (await call('POST', '/api/Dept/', 'admin', { name: 'Referenced dept' })).body.data;
    await call('POST', '/api/Device/', 'admin', { serial: 'CODE-0003', name: 'In dept', model: 'M3E', kind: 'aircraft', dept_id: dept.id });
    expect((await call('DELETE', `/api/Dept/${dept.id}/`, 'admin')).body).toMatchObject({
      code: 409,
      error_code: 'common.still_referenced',
      params: { entity: 'department' },
    });
    const tasks = (await call('GET', '/api/Task/?status=done', 'admin')).body.data.items as { id: number }[];
    expect((await call('POST', `/api/Task/${tasks[0].id}/schedule/`, 'admin', {})).body).toMatchObject({
      code: 409,
      error_code: 'workflow.illegal_transition',
      params: { entity: 'task', action: 'schedule', status: 'done' },
    });
  });

  it('gives Fastify and routing errors a code too', async () => {
    const badJson = await call('POST', '/api/Dept/', 'admin', '{"name":', { 'content-type': 'application/json' });
    expect(badJson.body).toMatchObject({ code: 400, error_code: 'common.invalid_json' });
    expect((await call('GET', '/api/Nowhere/', 'admin')).body).toMatchObject({ code: 404, error_code: 'common.no_route' });
    expect((await call('GET', '/api/Device/999999/', 'admin')).body).toMatchObject({
      code: 404,
      error_code: 'common.row_not_found',
      params: { entity: 'device', id: 999999 },
    });
  });

  it('sends only catalogued codes', async () => {
    const responses = await Promise.all([
      call('GET', '/api/Device/?page=0', 'admin'),
      call('DELETE', '/api/Role/1/', 'admin'),
      call('GET', '/api/chartinfo/?from=2026-02-01&to=2026-01-01', 'admin'),
    ]);
    for (const { body } of responses) expect(isErrorCode((body as { error_code?: unknown }).error_code)).toBe(true);
  });
});
