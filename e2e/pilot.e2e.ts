import type { Page } from 'playwright-core';
import { adminApi } from './support/api';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulatedBridgeEnv } from './support/staticDir';

jest.setTimeout(120_000);

/**
 * DJI Pilot 2 as a cloud client (issue 33), in the browser: the /djiapp page inside the (simulated) bridge loads the
 * cloud components in DJI's order; a WebSocket opened with the ws component's own parameters (as Pilot 2 does) hears
 * the console's changes; an element a pilot draws through the map interface shows on the console's /Map and goes
 * away there when the pilot deletes it.
 */
const session = useBrowserSession({ env: simulatedBridgeEnv(), viewport: { width: 1920, height: 1080 } });
const admin = adminApi(() => session.server);

interface BridgeCall {
  method: string;
  args: string[];
}
const bridgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { djiBridge: { calls: BridgeCall[] } }).djiBridge.calls);

async function signInOnController(page: Page) {
  await page.goto(`${session.server.url}?djibridge=sim#/djiapp/login`);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(session.server.adminPassword);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('region', { name: '云端组件' }).getByText('已加载 7/7').waitFor();
}

test('the controller loads api, then liveshare, ws, map, tsa, media and mission after thing; Pilot 2 and /Map see each other’s changes', async () => {
  const controller = session.page;
  await signInOnController(controller);
  const calls = await bridgeCalls(controller);
  const loads = calls.filter((c) => c.method === 'platformLoadComponent');
  expect(loads.map((c) => c.args[0])).toEqual(['api', 'thing', 'liveshare', 'ws', 'map', 'tsa', 'media', 'mission']);
  const ws = JSON.parse(loads.find((c) => c.args[0] === 'ws')!.args[1]) as { host: string; token: string };
  const api = JSON.parse(loads.find((c) => c.args[0] === 'api')!.args[1]) as { host: string; token: string };
  expect(api.host).toBe(session.server.url.replace(/\/?$/, '/'));
  expect(new URL(ws.host).pathname).toBe('/api/v1/ws');
  const workspace = calls.filter((c) => c.method === 'platformSetWorkspaceId').at(-1)!.args[0];
  await controller.getByRole('listitem').filter({ hasText: '航线库（mission）' }).getByText('已加载').waitFor();

  // Pilot 2's side: its ws component connects with the token, its map component fetches the workspace's layers.
  const pilotCall = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api.host}${path.replace(/^\//, '')}`, {
      method,
      headers: { 'X-Auth-Token': api.token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { code: number; data: unknown };
  };
  await controller.evaluate(
    ({ host, token }) =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`${host}?x-auth-token=${encodeURIComponent(token)}`);
        const target = window as unknown as { pilotMessages: { biz_code: string; data: { name?: string } }[] };
        target.pilotMessages = [];
        socket.onmessage = (event) => target.pilotMessages.push(JSON.parse(String(event.data)));
        socket.onopen = () => resolve();
        socket.onerror = () => reject(new Error('the ws component could not connect'));
      }),
    ws,
  );
  const groups = (await pilotCall('GET', `/map/api/v1/workspaces/${workspace}/element-groups`)) as { code: number; data: { id: string; type: number }[] };
  expect(groups.code).toBe(0);
  const shared = groups.data.find((g) => g.type === 2)!.id;
  const heard = (bizCode: string, name?: string) =>
    controller.waitForFunction(
      ([code, wanted]) =>
        (window as unknown as { pilotMessages: { biz_code: string; data: { name?: string } }[] }).pilotMessages.some(
          (m) => m.biz_code === code && (wanted === undefined || m.data.name === wanted),
        ),
      [bizCode, name] as const,
    );

  // The console's change reaches Pilot 2.
  await admin.data('POST', '/Feature/', {
    project_id: Number(workspace),
    name: 'E2E 控制台巡检点',
    category: 'powerline',
    geometry: { type: 'Point', coordinates: [114.06, 22.54] },
  });
  await heard('map_element_create', 'E2E 控制台巡检点');

  // The pilot's drawing reaches /Map, and its deletion too.
  const console = await session.newPage();
  await signInAsAdmin(console, session.server);
  await console.goto(`${session.server.url}#/Map/Index`);
  const layers = console.getByRole('list', { name: '图层' });
  await layers.getByText('E2E 控制台巡检点').waitFor();
  const elementId = 'e2e00001-aaaa-4bbb-8ccc-dddddddddddd';
  const drawn = await pilotCall('POST', `/map/api/v1/workspaces/${workspace}/element-groups/${shared}/elements`, {
    id: elementId,
    name: 'E2E 飞手标注',
    resource: {
      type: 0,
      content: { type: 'Feature', properties: { color: '#E23C39', clampToGround: true }, geometry: { type: 'Point', coordinates: [114.07, 22.55] } },
    },
  });
  expect(drawn.code).toBe(0);
  await layers.getByText('E2E 飞手标注').waitFor();
  await heard('map_element_create', 'E2E 飞手标注');
  expect((await pilotCall('DELETE', `/map/api/v1/workspaces/${workspace}/elements/${elementId}`)).code).toBe(0);
  await layers.getByText('E2E 飞手标注').waitFor({ state: 'detached' });
  await heard('map_element_delete');
});
