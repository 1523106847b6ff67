import type { Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { RECT, uploadPhoto } from './photoFixtures';

describe.each<Dialect>(['sqlite', 'postgres'])('defects API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  let mediaId: number;
  let projectId: number;

  beforeAll(async () => {
    projectId = (await call('POST', '/api/Project/', 'admin', { name: `defects ${dialect}`, status: 'active' })).body.data.id;
    mediaId = (await uploadPhoto(api, 'admin', projectId)).json().data.item.id;
  });

  it('seeds a category tree of the common inspections, with zh-cn and English names', async () => {
    const { items } = (await call('GET', '/api/DefectCategory/', 'admin')).body.data;
    const roots = items.filter((c: { parent_id: number | null }) => c.parent_id === null).map((c: { code: string }) => c.code);
    expect(roots).toEqual(['power', 'solar', 'pipeline', 'road_bridge', 'telecom']);
    expect(items.find((c: { code: string }) => c.code === 'power.insulator')).toMatchObject({ name_zh: '绝缘子破损', name_en: 'Damaged insulator' });
  });

  it('marks a defect on a photo (position from the photo) and the photo lists as having defects', async () => {
    const category = (await call('GET', '/api/DefectCategory/', 'admin')).body.data.items.find((c: { code: string }) => c.code === 'power.insulator');
    const created = await call('POST', '/api/Defect/', 'admin', {
      media_id: mediaId,
      region: RECT,
      category_id: category.id,
      severity: 'high',
      note: '伞裙破损',
    });
    expect(created.status).toBe(201);
    const photo = (await call('GET', `/api/Media/${mediaId}/`, 'admin')).body.data;
    expect(created.body.data).toMatchObject({
      status: 'new',
      actions: ['confirm', 'reject'],
      project_id: projectId,
      lat: photo.lat,
      lng: photo.lng,
      region: RECT,
    });
    expect(photo.has_defects).toBe(true);
    expect(await api.total(`/api/Media/?project_id=${projectId}&has_defects=true`)).toBe(1);
    expect(await api.total(`/api/Media/?project_id=${projectId}&has_defects=false`)).toBe(0);
    expect(await api.total(`/api/Defect/?media_id=${mediaId}&severity=high`)).toBe(1);
    // Assigned to its marker, it lists under that assignee and under no other (the /Defect page's assignee filter).
    const assignee = created.body.data.created_by;
    expect((await call('PUT', `/api/Defect/${created.body.data.id}/`, 'admin', { assignee_id: assignee })).status).toBe(200);
    expect(await api.total(`/api/Defect/?media_id=${mediaId}&assignee_id=${assignee}`)).toBe(1);
    expect(await api.total(`/api/Defect/?media_id=${mediaId}&assignee_id=${assignee + 1000}`)).toBe(0);
  });

  it('refuses a region outside the photo, an unknown category and a photo out of reach', async () => {
    const outside = await call('POST', '/api/Defect/', 'admin', {
      media_id: mediaId,
      region: {
        type: 'rect',
        points: [
          [0.1, 0.2],
          [1.3, 0.4],
        ],
      },
      severity: 'low',
    });
    expect(outside.status).toBe(400);
    const category = await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, category_id: 99_999, severity: 'low' });
    expect(category).toMatchObject({ status: 404, body: { error_code: 'common.row_not_found', params: { entity: 'defect_category' } } });
    const photo = await call('POST', '/api/Defect/', 'admin', { media_id: 99_999, region: RECT, severity: 'low' });
    expect(photo).toMatchObject({ status: 404, body: { params: { entity: 'media' } } });
  });

  it('runs the workflow to verified, refuses steps out of order with 409 and records who did each step', async () => {
    const id = (await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, severity: 'critical' })).body.data.id;
    const early = await call('POST', `/api/Defect/${id}/fix/`, 'admin', {});
    expect(early).toMatchObject({ status: 409, body: { error_code: 'defect.out_of_order', params: { action: 'fix', status: 'new' } } });
    for (const [action, status] of [
      ['confirm', 'confirmed'],
      ['repair', 'in_repair'],
      ['fix', 'fixed'],
      ['verify', 'verified'],
    ])
      expect((await call('POST', `/api/Defect/${id}/${action}/`, 'admin', { note: action })).body.data).toMatchObject({ status });
    expect((await call('POST', `/api/Defect/${id}/reject/`, 'admin', {})).status).toBe(409);
    const { events } = (await call('GET', `/api/Defect/${id}/`, 'admin')).body.data;
    expect(events.map((e: { action: string; to_status: string; user_name: string }) => [e.action, e.to_status, e.user_name])).toEqual([
      ['create', 'new', 'admin'],
      ['confirm', 'confirmed', 'admin'],
      ['repair', 'in_repair', 'admin'],
      ['fix', 'fixed', 'admin'],
      ['verify', 'verified', 'admin'],
    ]);
    expect((await call('POST', `/api/Defect/${id}/explode/`, 'admin', {})).status).toBe(400);
  });

  it('clears has_defects once every defect of the photo is rejected or deleted', async () => {
    const { items } = (await call('GET', `/api/Defect/?media_id=${mediaId}`, 'admin')).body.data;
    for (const defect of items as { id: number; status: string }[])
      if (defect.status === 'new') await call('POST', `/api/Defect/${defect.id}/reject/`, 'admin', {});
      else await call('DELETE', `/api/Defect/${defect.id}/`, 'admin');
    expect((await call('GET', `/api/Media/${mediaId}/`, 'admin')).body.data.has_defects).toBe(false);
    expect(await api.total(`/api/Defect/?media_id=${mediaId}&status=rejected`)).toBe(1);
  });

  it('shows a defect only to whoever sees its photo', async () => {
    const id = (await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, severity: 'low' })).body.data.id;
    const role = (await call('GET', '/api/Role/?search=operator', 'admin')).body.data.items.find((r: { code: string }) => r.code === 'operator');
    const dept = (await call('POST', '/api/Dept/', 'admin', { name: `缺陷隔离队 ${dialect}` })).body.data;
    await call('POST', '/api/User/', 'admin', { username: 'defect-op', name: 'op', password: 'defect-op-Pass-1', role_ids: [role.id], dept_id: dept.id });
    api.tokens.outsider = (await api.login('defect-op', 'defect-op-Pass-1')).body.data.token;
    expect(await api.total('/api/Defect/', 'outsider')).toBe(0);
    expect((await call('GET', `/api/Defect/${id}/`, 'outsider')).status).toBe(404);
    expect((await call('POST', `/api/Defect/${id}/confirm/`, 'outsider', {})).status).toBe(404);
    expect((await call('PUT', `/api/Defect/${id}/`, 'outsider', { severity: 'critical' })).status).toBe(404);
    expect((await call('DELETE', `/api/Defect/${id}/`, 'outsider')).status).toBe(404);
    expect((await call('POST', '/api/Defect/', 'outsider', { media_id: mediaId, region: RECT, severity: 'low' })).status).toBe(404);
  });

  it('assigns a defect to a user the assigner sees, names the assignee, and refuses anyone else (404)', async () => {
    const userId = async (username: string) =>
      ((await call('GET', `/api/User/?search=${username}`, 'admin')).body.data.items as { id: number; username: string }[]).find(
        (u) => u.username === username,
      )!.id;
    const id = (await call('POST', '/api/Defect/', 'admin', { media_id: mediaId, region: RECT, severity: 'medium' })).body.data.id;
    const op = await userId('defect-op');
    const assigned = await call('PUT', `/api/Defect/${id}/`, 'admin', { assignee_id: op });
    expect(assigned.body.data).toMatchObject({ assignee_id: op, assignee_name: 'op' });
    expect((await call('GET', `/api/Defect/?assignee_id=${op}`, 'admin')).body.data.items[0]).toMatchObject({ id, assignee_name: 'op' });
    expect((await call('PUT', `/api/Defect/${id}/`, 'admin', { assignee_id: null })).body.data).toMatchObject({ assignee_id: null, assignee_name: null });
    expect(await call('PUT', `/api/Defect/${id}/`, 'admin', { assignee_id: 99_999 })).toMatchObject({ status: 404, body: { params: { entity: 'user' } } });

    // An operator of another department marks a defect on its own photo: it may assign it to itself, not to a user it does not see.
    const opDept = ((await call('GET', '/api/User/?search=defect-op', 'admin')).body.data.items as { username: string; dept_id: number }[]).find(
      (u) => u.username === 'defect-op',
    )!.dept_id;
    const ownProject = (await call('POST', '/api/Project/', 'admin', { name: `isolated ${dialect}`, status: 'active', dept_id: opDept })).body.data.id;
    const upload = await uploadPhoto(api, 'outsider', ownProject);
    expect(upload.statusCode).toBe(201);
    const own = (await call('POST', '/api/Defect/', 'outsider', { media_id: upload.json().data.item.id, region: RECT, severity: 'low' })).body.data.id;
    expect((await call('PUT', `/api/Defect/${own}/`, 'outsider', { assignee_id: op })).status).toBe(200);
    const elsewhere = await call('PUT', `/api/Defect/${own}/`, 'outsider', { assignee_id: await userId('operator1') });
    expect(elsewhere).toMatchObject({ status: 404, body: { params: { entity: 'user' } } });
    const marked = await call('POST', '/api/Defect/', 'outsider', {
      media_id: upload.json().data.item.id,
      region: RECT,
      severity: 'low',
      assignee_id: await userId('operator1'),
    });
    expect(marked.status).toBe(404);
  });
});
