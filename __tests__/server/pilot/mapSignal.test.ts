import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { TOPIC_MAP, type MapSignal } from '@shared/live';
import { groupId } from '../../../server/pilot/elements';
import { connect, end, loginToken, nextMessage, startServer, subscribe, type TestServer } from '../mqtt/support';

const POINT = { type: 'Point', coordinates: [114.06, 22.54] };
const ELEMENT_ID = '7e1d0001-aaaa-4bbb-8ccc-dddddddddddd';

/** Both ways: what a pilot draws or deletes in DJI Pilot 2 reaches the console at once, over the broker it listens on. */
describe('sysinfo/map: Pilot 2 map changes reach the console', () => {
  let server: TestServer;
  let token: string;
  let web: MqttClient;
  let project: number;

  beforeAll(async () => {
    server = await startServer();
    token = await loginToken(server);
    web = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    expect(await subscribe(web, TOPIC_MAP)).toBe(0);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/Project/',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'pilot-map-signal' },
    });
    project = (created.json() as { data: { id: number } }).data.id;
  });
  afterAll(async () => {
    await end(web);
    await server?.close();
  });

  const pilot = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  const signal = (change: MapSignal['change']) => nextMessage(web, TOPIC_MAP, 5000, (p) => (p as MapSignal).change === change);

  it('a pilot-drawn element is announced to the console, shows in its feature list attributed to the pilot, and its deletion too', async () => {
    const created = signal('create');
    const drawn = await pilot('POST', `/map/api/v1/workspaces/${project}/element-groups/${groupId(project, 'shared')}/elements`, {
      id: ELEMENT_ID,
      name: 'Drawn in Pilot 2',
      resource: { type: 0, content: { type: 'Feature', properties: { color: '#2D8CF0', clampToGround: true }, geometry: POINT } },
    });
    expect(drawn.json()).toMatchObject({ code: 0 });
    const { payload, retain } = await created;
    expect(retain).toBe(false);
    expect(payload).toEqual({ project_id: project, change: 'create', at: expect.any(Number) });
    const list = await server.app.inject({ method: 'GET', url: `/api/Feature/?project_id=${project}`, headers: { authorization: `Bearer ${token}` } });
    const items = (list.json() as { data: { items: { name: string; created_by: number | null }[] } }).data.items;
    expect(items.map((f) => f.name)).toEqual(['Drawn in Pilot 2']);
    expect(items[0].created_by).toEqual(expect.any(Number));

    const deleted = signal('delete');
    expect((await pilot('DELETE', `/map/api/v1/workspaces/${project}/elements/${ELEMENT_ID}`)).json()).toMatchObject({ code: 0 });
    expect((await deleted).payload).toMatchObject({ project_id: project });
  });
});
