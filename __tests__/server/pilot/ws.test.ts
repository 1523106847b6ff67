import WebSocket from 'ws';
import { groupId } from '../../../server/pilot/elements';
import { useTestApi } from '../api/testApi';
import { demoUser, makeProject, pilotCaller } from './pilotApi';

interface Message {
  biz_code: string;
  version: string;
  timestamp: number;
  data: { id?: string; group_id?: string; name?: string; ids?: string[]; resource?: { type: number; content: { geometry: unknown } } };
}

/** A Pilot 2 `ws` connection that records every message and lets a test await the n-th. */
async function connectPilot(base: string, token: string) {
  const ws = new WebSocket(`${base}/api/v1/ws?x-auth-token=${encodeURIComponent(token)}`);
  const messages: Message[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  ws.on('message', (raw: Buffer) => {
    messages.push(JSON.parse(raw.toString('utf8')) as Message);
    for (const waiter of waiters.filter((w) => messages.length >= w.count)) waiter.resolve();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    messages,
    /** Resolves once `count` messages arrived. */
    received: (count: number) => (messages.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: () => ws.close(),
  };
}

const POINT = { type: 'Point', coordinates: [114.06, 22.54] };
const content = (color: string) => ({ type: 'Feature', properties: { color, clampToGround: true }, geometry: POINT });

/** Pilot 2's `ws` component: the element changes of a workspace reach every connection working in it, in order. */
describe('Pilot 2 WebSocket', () => {
  const api = useTestApi('sqlite');
  const pilot = pilotCaller(api);
  let base: string;
  let own: number;
  let foreign: number;

  beforeAll(async () => {
    api.tokens.operator2 = (await api.login('operator2', api.server.handle.demoPasswords!.operator2)).body.data.token;
    own = await makeProject(api, 'pilot-ws-own', (await demoUser(api, 'operator1')).dept_id);
    foreign = await makeProject(api, 'pilot-ws-foreign', (await demoUser(api, 'operator2')).dept_id);
    base = (await api.server.handle.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  });

  it('refuses a missing or bad token at the upgrade with 401', async () => {
    for (const query of ['', '?x-auth-token=not-a-token']) {
      const status = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${base}/api/v1/ws${query}`);
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.once('open', () => resolve(101));
      });
      expect([query, status]).toEqual([query, 401]);
    }
  });

  it("sends two pilots and the console's changes of their workspace to both, in order, in DJI's envelope, and nothing to a foreign workspace", async () => {
    const first = await connectPilot(base, api.tokens.operator1);
    const second = await connectPilot(base, api.tokens.admin);
    const outsider = await connectPilot(base, api.tokens.operator2);
    try {
      // Pilot 2 fetches its workspace's layers once its ws component is up: that is when the connection joins it.
      for (const [as, workspace] of [
        ['operator1', own],
        ['admin', own],
        ['operator2', foreign],
      ] as const)
        expect((await pilot('GET', `/map/api/v1/workspaces/${workspace}/element-groups`, as)).body.code).toBe(0);

      const console = (await api.call('POST', '/api/Feature/', 'admin', { project_id: own, name: 'From the console', category: 'powerline', geometry: POINT }))
        .body.data;
      const shared = groupId(own, 'shared');
      const elementId = '5c1d0001-aaaa-4bbb-8ccc-dddddddddddd';
      await pilot('POST', `/map/api/v1/workspaces/${own}/element-groups/${shared}/elements`, 'operator1', {
        id: elementId,
        name: 'From pilot one',
        resource: { type: 0, content: content('#B620E0') },
      });
      await pilot('PUT', `/map/api/v1/workspaces/${own}/elements/${elementId}`, 'admin', { name: 'Renamed by pilot two', content: content('#212121') });
      await api.call('DELETE', `/api/Feature/${console.id as number}/`, 'admin');
      await Promise.all([first.received(4), second.received(4)]);

      for (const peer of [first, second]) {
        expect(peer.messages.map((m) => [m.biz_code, m.data.name ?? null])).toEqual([
          ['map_element_create', 'From the console'],
          ['map_element_create', 'From pilot one'],
          ['map_element_update', 'Renamed by pilot two'],
          ['map_element_delete', null],
        ]);
        expect(peer.messages[0]).toMatchObject({ version: '1.0', data: { group_id: groupId(own, 'default') } });
        expect(peer.messages[1].data).toMatchObject({ id: elementId, group_id: shared, resource: { type: 0, user_name: '张飞手' } });
        expect(peer.messages[3].data).toEqual({ id: expect.any(String), group_id: groupId(own, 'default') });
        expect(typeof peer.messages[0].timestamp).toBe('number');
      }

      // The marker: a change in the outsider's own workspace; it is the first and only thing it hears.
      await api.call('POST', '/api/Feature/', 'admin', { project_id: foreign, name: 'Marker', category: 'powerline', geometry: POINT });
      await outsider.received(1);
      expect(outsider.messages.map((m) => [m.biz_code, m.data.name])).toEqual([['map_element_create', 'Marker']]);
      expect(first.messages).toHaveLength(4);
    } finally {
      for (const peer of [first, second, outsider]) peer.close();
    }
  });

  it("pushes a circle drawn on either side as DJI's Circle", async () => {
    const peer = await connectPilot(base, api.tokens.admin);
    try {
      await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups`, 'admin');
      await api.call('POST', '/api/Feature/', 'admin', {
        project_id: own,
        name: 'Console circle',
        category: 'no_fly_zone',
        geometry: POINT,
        properties: { radius: 400 },
      });
      const circle = { type: 'Circle', coordinates: [114.061, 22.552], radius: 75 };
      await pilot('POST', `/map/api/v1/workspaces/${own}/element-groups/${groupId(own, 'shared')}/elements`, 'operator1', {
        id: '5c1d0002-aaaa-4bbb-8ccc-dddddddddddd',
        name: 'Pilot circle',
        resource: { type: 2, content: { ...content('#2D8CF0'), geometry: circle } },
      });
      await peer.received(2);
      expect(peer.messages.map((m) => [m.biz_code, m.data.group_id, m.data.resource?.type, m.data.resource?.content.geometry])).toEqual([
        ['map_element_create', groupId(own, 'restricted'), 2, { type: 'Circle', coordinates: POINT.coordinates, radius: 400 }],
        ['map_element_create', groupId(own, 'shared'), 2, circle],
      ]);
    } finally {
      peer.close();
    }
  });

  it('tells the workspace to refresh its layers after a bulk import', async () => {
    const peer = await connectPilot(base, api.tokens.operator1);
    try {
      await pilot('GET', `/map/api/v1/workspaces/${own}/element-groups`, 'operator1');
      const imported = await api.call('POST', '/api/Feature/import/', 'admin', {
        features: [{ project_id: own, name: 'Imported', category: 'import', geometry: POINT }],
      });
      expect(imported.status).toBe(201);
      await peer.received(1);
      expect(peer.messages[0]).toMatchObject({ biz_code: 'map_group_refresh', data: { ids: expect.arrayContaining([groupId(own, 'shared')]) } });
    } finally {
      peer.close();
    }
  });
});
