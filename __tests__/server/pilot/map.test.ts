import { groupId } from '../../../server/pilot/elements';
import { type Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { demoUser, makeProject, pilotCaller } from './pilotApi';

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [114.05, 22.54],
      [114.06, 22.54],
      [114.06, 22.55],
      [114.05, 22.54],
    ],
  ],
};
const pinContent = (color = '#2D8CF0') => ({
  type: 'Feature',
  properties: { color, clampToGround: true },
  geometry: { type: 'Point', coordinates: [114.057, 22.543, 35.5] },
});
const UUID = (n: number) => `3b9a${String(n).padStart(4, '0')}-1111-4222-8333-444455556666`;

/**
 * Pilot 2's map elements (DJI HTTPS "map elements") on the demo: operator1 (department scope) works in a project of its
 * department; another department's project is a foreign workspace to it.
 */
describe.each<Dialect>(['sqlite', 'postgres'])('Pilot 2 map elements (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const pilot = pilotCaller(api);
  let own: number;
  let foreign: number;

  beforeAll(async () => {
    api.tokens.operator2 = (await api.login('operator2', api.server.handle.demoPasswords!.operator2)).body.data.token;
    const operator1 = await demoUser(api, 'operator1');
    const operator2 = await demoUser(api, 'operator2');
    own = await makeProject(api, `pilot-map-own-${dialect}`, operator1.dept_id);
    foreign = await makeProject(api, `pilot-map-foreign-${dialect}`, operator2.dept_id);
  });

  const groupsOf = async (workspace: number, as = 'operator1') => (await pilot('GET', `/map/api/v1/workspaces/${workspace}/element-groups`, as)).body;
  type Element = { id: string; name: string; create_time: number };
  const group = (groups: { id: string; elements: Element[] }[], kind: 'shared' | 'default' | 'restricted', workspace = own) =>
    groups.find((g) => g.id === groupId(workspace, kind))!;

  it('answers 401 only without a valid X-Auth-Token, in any header spelling, under the root and not /api', async () => {
    expect((await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups`)).status).toBe(401);
    expect((await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups`, 'not-a-token')).status).toBe(401);
    // A console bearer token is not Pilot's header.
    const bearer = await api.server.handle.app.inject({
      method: 'GET',
      url: `/map/api/v1/workspaces/${own}/element-groups`,
      headers: { authorization: `Bearer ${api.tokens.operator1}` },
    });
    expect(bearer.statusCode).toBe(401);
    const lower = await api.server.handle.app.inject({
      method: 'GET',
      url: `/map/api/v1/workspaces/${own}/element-groups`,
      headers: { 'x-auth-token': api.tokens.operator1 },
    });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ code: 0, message: 'success' });
    expect((await api.call('GET', `/api/map/api/v1/workspaces/${own}/element-groups`, 'operator1')).status).toBe(404);
  });

  it("lists the workspace's three layers with the console's features in DJI's element format", async () => {
    const made = await api.call('POST', '/api/Feature/', 'operator1', {
      project_id: own,
      name: 'No-fly over the school',
      category: 'no_fly_zone',
      geometry: SQUARE,
      style: { color: '#e53935' },
    });
    expect(made.status).toBe(200);
    const body = await groupsOf(own);
    expect(body).toMatchObject({ code: 0, message: 'success' });
    expect(body.data.map((g: { type: number }) => g.type).sort()).toEqual([0, 1, 2]);
    const restricted = group(body.data, 'restricted');
    expect(restricted).toMatchObject({ type: 0, is_lock: true });
    const element = restricted.elements.find((e) => e.name === 'No-fly over the school');
    expect(element).toMatchObject({
      resource: {
        type: 2,
        user_name: '张飞手',
        // The console's red is the palette's nearest colour.
        content: { type: 'Feature', properties: { color: '#E23C39', clampToGround: true }, geometry: SQUARE },
      },
    });
    expect(typeof element!.create_time).toBe('number');
    expect((await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups?group_id=${groupId(own, 'shared')}`, 'operator1')).body.data).toHaveLength(1);
    expect((await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups?is_distributed=false`, 'operator1')).body.data).toEqual([]);
  });

  it('saves an element Pilot 2 draws into the app-shared layer as a feature attributed to the pilot, edits and deletes it', async () => {
    const shared = groupId(own, 'shared');
    const created = await pilot('POST', `/map/api/v1/workspaces/${own}/element-groups/${shared}/elements`, 'operator1', {
      id: UUID(1),
      name: 'Landing spot',
      resource: { type: 0, user_name: 'pilot', content: pinContent('#19be6b') },
    });
    expect(created).toMatchObject({ status: 200, body: { code: 0, message: 'success', data: { id: UUID(1) } } });
    const features = (await api.call('GET', `/api/Feature/?project_id=${own}&page_size=100`, 'admin')).body.data.items as Record<string, unknown>[];
    const saved = features.find((f) => f.name === 'Landing spot')!;
    expect(saved).toMatchObject({ category: 'pilot_shared', created_by_name: '张飞手', style: { color: '#19BE6B' }, geometry: pinContent().geometry });
    expect(group((await groupsOf(own)).data, 'shared').elements).toEqual([expect.objectContaining({ id: UUID(1), name: 'Landing spot' })]);

    const updated = await pilot('PUT', `/map/api/v1/workspaces/${own}/elements/${UUID(1)}`, 'operator1', {
      name: 'Landing spot B',
      content: pinContent('#FFBB00'),
    });
    expect(updated.body).toMatchObject({ code: 0, data: { id: UUID(1) } });
    expect((await api.call('GET', `/api/Feature/${saved.id as number}/`, 'admin')).body.data).toMatchObject({
      name: 'Landing spot B',
      style: { color: '#FFBB00' },
    });

    expect((await pilot('DELETE', `/map/api/v1/workspaces/${own}/elements/${UUID(1)}`, 'operator1')).body).toMatchObject({ code: 0 });
    expect((await api.call('GET', `/api/Feature/${saved.id as number}/`, 'admin')).status).toBe(404);
  });

  it("edits a console feature through its element id, and refuses another workspace's", async () => {
    const made = (await api.call('POST', '/api/Feature/', 'admin', { project_id: own, name: 'Mast', category: 'powerline', geometry: pinContent().geometry }))
      .body.data;
    const element = group((await groupsOf(own)).data, 'default').elements.find((e) => e.name === 'Mast')!;
    expect((await pilot('PUT', `/map/api/v1/workspaces/${own}/elements/${element.id}`, 'operator1', { name: 'Mast 2' })).body.code).toBe(0);
    expect((await api.call('GET', `/api/Feature/${made.id as number}/`, 'admin')).body.data.name).toBe('Mast 2');
    const elsewhere = await pilot('PUT', `/map/api/v1/workspaces/${own}/elements/${element.id}`, 'operator2', { name: 'taken' });
    expect(elsewhere.status).toBe(404);
    const other = await makeProject(api, `pilot-map-third-${dialect}`, null);
    const wrongWorkspace = await pilot('DELETE', `/map/api/v1/workspaces/${other}/elements/${element.id}`, 'admin');
    expect(wrongWorkspace).toMatchObject({ status: 404, body: { error_code: 'pilot.unknown_element' } });
    expect((await api.call('GET', `/api/Feature/${made.id as number}/`, 'admin')).body.data.name).toBe('Mast 2');
  });

  it('refuses a foreign workspace (not found, nothing written), and the same for a missing one', async () => {
    for (const [method, url, payload] of [
      ['GET', `/map/api/v1/workspaces/${foreign}/element-groups`, undefined],
      [
        'POST',
        `/map/api/v1/workspaces/${foreign}/element-groups/${groupId(foreign, 'shared')}/elements`,
        { id: UUID(2), name: 'x', resource: { type: 0, content: pinContent() } },
      ],
      ['GET', '/map/api/v1/workspaces/999999/element-groups', undefined],
      ['GET', '/map/api/v1/workspaces/abc/element-groups', undefined],
    ] as const) {
      const answer = await pilot(method, url, 'operator1', payload);
      expect([url, answer.status, answer.body.code !== 0, typeof answer.body.message]).toEqual([url, 404, true, 'string']);
    }
    expect((await api.call('GET', `/api/Feature/?project_id=${foreign}`, 'admin')).body.data.total).toBe(0);
    // operator2 works there.
    expect((await groupsOf(foreign, 'operator2')).code).toBe(0);
  });

  it('refuses bad input with a non-zero code and the field: unknown group, malformed geometry, colour outside the palette, type mismatch', async () => {
    const base = `/map/api/v1/workspaces/${own}`;
    const cases: [string, string, unknown, number, string][] = [
      [
        'unknown group',
        `${base}/element-groups/${groupId(foreign, 'shared')}/elements`,
        { id: UUID(3), name: 'x', resource: { type: 0, content: pinContent() } },
        404,
        'pilot.unknown_group',
      ],
      [
        'open polygon ring',
        `${base}/element-groups/${groupId(own, 'shared')}/elements`,
        {
          id: UUID(4),
          name: 'x',
          resource: {
            type: 2,
            content: {
              ...pinContent(),
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [114, 22],
                    [114.1, 22],
                    [114.1, 22.1],
                    [114.2, 22.2],
                  ],
                ],
              },
            },
          },
        },
        400,
        'common.invalid_input',
      ],
      [
        'latitude out of range',
        `${base}/element-groups/${groupId(own, 'shared')}/elements`,
        { id: UUID(5), name: 'x', resource: { type: 0, content: { ...pinContent(), geometry: { type: 'Point', coordinates: [114, 95] } } } },
        400,
        'common.invalid_input',
      ],
      [
        'colour outside the palette',
        `${base}/element-groups/${groupId(own, 'shared')}/elements`,
        { id: UUID(6), name: 'x', resource: { type: 0, content: pinContent('#123456') } },
        400,
        'common.invalid_input',
      ],
      [
        'type mismatch',
        `${base}/element-groups/${groupId(own, 'shared')}/elements`,
        { id: UUID(7), name: 'x', resource: { type: 2, content: pinContent() } },
        400,
        'common.invalid_input',
      ],
      ['unknown element', `${base}/elements/${UUID(8)}`, { name: 'x' }, 404, 'pilot.unknown_element'],
    ];
    for (const [what, url, payload, status, reason] of cases) {
      const answer = await pilot(url.includes('/elements/') ? 'PUT' : 'POST', url, 'operator1', payload);
      expect([what, answer.status, answer.body.code, answer.body.error_code]).toEqual([what, status, status, reason]);
      expect(answer.body.message).toBeTruthy();
    }
    const colour = await pilot('POST', `${base}/element-groups/${groupId(own, 'shared')}/elements`, 'operator1', {
      id: UUID(6),
      name: 'x',
      resource: { type: 0, content: pinContent('#123456') },
    });
    expect(colour.body.errors?.[0].field).toBe('resource.content.properties.color');
    expect(
      (await api.call('GET', `/api/Feature/?project_id=${own}&search=x&page_size=100`, 'admin')).body.data.items.filter(
        (f: { name: string }) => f.name === 'x',
      ),
    ).toEqual([]);
  });

  const circleContent = (radius: unknown, color = '#E23C39') => ({
    type: 'Feature',
    properties: { color, clampToGround: true },
    geometry: { type: 'Circle', coordinates: [114.052, 22.541], radius },
  });

  it("saves a Circle Pilot 2 draws as a circle feature (a Point with its radius), and edits it through DJI's format", async () => {
    const url = `/map/api/v1/workspaces/${own}/element-groups/${groupId(own, 'shared')}/elements`;
    const created = await pilot('POST', url, 'operator1', { id: UUID(20), name: 'Take-off circle', resource: { type: 2, content: circleContent(120.5) } });
    expect(created.body).toMatchObject({ code: 0, data: { id: UUID(20) } });
    const features = (await api.call('GET', `/api/Feature/?project_id=${own}&page_size=100`, 'admin')).body.data.items as Record<string, unknown>[];
    const saved = features.find((f) => f.name === 'Take-off circle')!;
    expect(saved).toMatchObject({
      category: 'pilot_shared',
      geometry: { type: 'Point', coordinates: [114.052, 22.541] },
      properties: { radius: 120.5, clampToGround: true },
    });
    expect(group((await groupsOf(own)).data, 'shared').elements).toContainEqual(
      expect.objectContaining({ id: UUID(20), resource: expect.objectContaining({ type: 2, content: circleContent(120.5) }) }),
    );

    expect((await pilot('PUT', `/map/api/v1/workspaces/${own}/elements/${UUID(20)}`, 'operator1', { content: circleContent(300) })).body.code).toBe(0);
    expect((await api.call('GET', `/api/Feature/${saved.id as number}/`, 'admin')).body.data.properties).toEqual({ radius: 300, clampToGround: true });
    // Edited into a pin, it is no circle any more.
    expect((await pilot('PUT', `/map/api/v1/workspaces/${own}/elements/${UUID(20)}`, 'operator1', { content: pinContent() })).body.code).toBe(0);
    expect((await api.call('GET', `/api/Feature/${saved.id as number}/`, 'admin')).body.data).toMatchObject({
      geometry: pinContent().geometry,
      properties: { clampToGround: true },
    });
    expect((await api.call('GET', `/api/Feature/${saved.id as number}/`, 'admin')).body.data.properties.radius).toBeUndefined();
  });

  it("shows a console circle as DJI's Circle, a no-fly circle in the locked no-fly layer", async () => {
    const made = await api.call('POST', '/api/Feature/', 'operator1', {
      project_id: own,
      name: 'Heliport no-fly circle',
      category: 'no_fly_zone',
      geometry: { type: 'Point', coordinates: [114.07, 22.55] },
      style: { color: '#e53935' },
      properties: { radius: 1500 },
    });
    expect(made.status).toBe(200);
    const restricted = group((await groupsOf(own)).data, 'restricted') as unknown as { is_lock: boolean; elements: Record<string, unknown>[] };
    expect(restricted.is_lock).toBe(true);
    expect(restricted.elements.find((e) => e.name === 'Heliport no-fly circle')).toMatchObject({
      resource: {
        type: 2,
        content: { type: 'Feature', properties: { color: '#E23C39' }, geometry: { type: 'Circle', coordinates: [114.07, 22.55], radius: 1500 } },
      },
    });
  });

  it('refuses a circle without a sane radius, from Pilot 2 and from the console, with the field and a clear message', async () => {
    const url = `/map/api/v1/workspaces/${own}/element-groups/${groupId(own, 'shared')}/elements`;
    for (const [n, radius, problem] of [
      [21, 0, 'Must be at least 0'],
      [22, -3, 'Must be at least 0'],
      [23, 50_001, 'Must be at most 50000'],
      [24, 'wide', 'Wrong type of value'],
    ] as const) {
      const answer = await pilot('POST', url, 'operator1', { id: UUID(n), name: 'Bad circle', resource: { type: 2, content: circleContent(radius) } }, 'en');
      expect([radius, answer.status, answer.body.code, answer.body.error_code, answer.body.errors?.[0].field, answer.body.message]).toEqual([
        radius,
        400,
        400,
        'common.invalid_input',
        'resource.content.geometry.radius',
        `Invalid input: ${problem} (resource.content.geometry.radius)`,
      ]);
    }
    const typed = await pilot('POST', url, 'operator1', { id: UUID(25), name: 'Bad circle', resource: { type: 0, content: circleContent(100) } });
    expect(typed.body).toMatchObject({ code: 400, errors: [expect.objectContaining({ field: 'resource.type' })] });
    const console = await api.call('POST', '/api/Feature/', 'operator1', {
      project_id: own,
      name: 'Bad circle',
      category: 'no_fly_zone',
      geometry: { type: 'Point', coordinates: [114.07, 22.55] },
      properties: { radius: 0 },
    });
    expect(console.status).toBe(400);
    expect(console.body.errors?.[0]).toMatchObject({ field: 'properties.radius', code: 'field.too_small' });
    expect(
      ((await api.call('GET', `/api/Feature/?project_id=${own}&page_size=100`, 'admin')).body.data.items as { name: string }[]).filter(
        (f) => f.name === 'Bad circle',
      ),
    ).toEqual([]);
  });

  it("writes error messages in the caller's language: zh-cn by default, English when Accept-Language asks for it", async () => {
    const url = `/map/api/v1/workspaces/${own}/element-groups/${groupId(foreign, 'shared')}/elements`;
    const element = { id: UUID(30), name: 'x', resource: { type: 0, content: pinContent() } };
    const group = groupId(foreign, 'shared');
    for (const [language, expected] of [
      [undefined, `该工作空间没有图层 ${group}`],
      ['zh-CN,zh;q=0.9', `该工作空间没有图层 ${group}`],
      ['en-US,en;q=0.9', `This workspace has no element group ${group}`],
      ['fr-FR,en;q=0.5', `This workspace has no element group ${group}`],
    ] as const) {
      const answer = await pilot('POST', url, 'operator1', element, language);
      expect([language, answer.status, answer.body.code, answer.body.error_code, answer.body.message]).toEqual([
        language,
        404,
        404,
        'pilot.unknown_group',
        expected,
      ]);
    }
    const badColour = { ...element, resource: { type: 0, content: pinContent('#123456') } };
    const shared = `/map/api/v1/workspaces/${own}/element-groups/${groupId(own, 'shared')}/elements`;
    expect((await pilot('POST', shared, 'operator1', badColour)).body.message).toBe('提交的数据有误：格式不正确 (resource.content.properties.color)');
    expect((await pilot('POST', shared, 'operator1', badColour, 'en')).body.message).toBe('Invalid input: Invalid value (resource.content.properties.color)');
    // The 401 that makes Pilot 2 leave the cloud, too.
    expect((await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups`, 'not-a-token', undefined, 'en')).body).toMatchObject({
      code: 401,
      message: 'Your session is no longer valid; please sign in again',
    });
    expect((await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups`, 'not-a-token')).body.message).toBe('登录已失效，请重新登录');
  });

  it('refuses an element id Pilot 2 already used (409), and a viewer writing (403)', async () => {
    const url = `/map/api/v1/workspaces/${own}/element-groups/${groupId(own, 'shared')}/elements`;
    const element = { id: UUID(9), name: 'Twice', resource: { type: 0, content: pinContent() } };
    expect((await pilot('POST', url, 'operator1', element)).body.code).toBe(0);
    expect((await pilot('POST', url, 'operator1', element)).body).toMatchObject({ code: 409, error_code: 'pilot.element_exists' });
    expect((await pilot('POST', url, 'viewer1', { ...element, id: UUID(10) })).status).toBe(403);
  });
});
