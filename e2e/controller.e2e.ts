import type { Page } from 'playwright-core';
import { adminApi } from './support/api';
import { useBrowserSession } from './support/session';
import { simulatedBridgeEnv } from './support/staticDir';

jest.setTimeout(90_000);

let project: { id: number; name: string };
const session = useBrowserSession({
  env: simulatedBridgeEnv(),
  // The controller's screen: 1920×1080 landscape.
  viewport: { width: 1920, height: 1080 },
  afterServer: async (server) => {
    if (!server.url.endsWith('/')) server.url += '/';
    project = await ensureProject();
  },
});

/** Serial the simulated bridge reports (src/features/controller/simulatedBridge.ts). */
const SIM_AIRCRAFT_SN = '1581F5BKD223M00A0SIM';

const admin = adminApi(() => session.server);

/** A project to join: the first seeded one, or one made for the test. */
async function ensureProject(): Promise<{ id: number; name: string }> {
  const list = await admin.data<{ items: Array<{ id: number; name: string }> }>('GET', '/Project/?page=1&page_size=5');
  if (list.items.length > 0) return list.items[0];
  return admin.data<{ id: number; name: string }>('POST', '/Project/', { name: '深圳湾海岸线巡检' });
}

const hashPath = (p: Page) => new URL(p.url()).hash.replace(/^#/, '').split('?')[0];

async function waitForHash(p: Page, path: string) {
  await p.waitForFunction((expected) => window.location.hash.replace(/^#/, '').split('?')[0] === expected, path);
}

test('inside the (simulated) bridge: console path → controller login → sign in → home with the aircraft; join a project', async () => {
  await session.page.goto(`${session.server.url}?djibridge=sim#/Device/UAV`);
  await waitForHash(session.page, '/djiapp/login');
  // This server hands out the controller configuration only after sign-in.
  await session.page.getByText('登录后加载遥控器配置并验证许可证').waitFor();

  await session.page.getByLabel('用户名').fill('admin');
  await session.page.getByLabel('密码').fill(session.server.adminPassword);
  await session.page.getByRole('button', { name: '登录', exact: true }).click();

  await waitForHash(session.page, '/djiapp/home');
  const aircraft = session.page.getByRole('region', { name: '飞行器序列号' });
  await aircraft.getByText(SIM_AIRCRAFT_SN).waitFor();
  await session.page.getByRole('region', { name: '飞行器连接' }).getByText('已连接').waitFor();
  await session.page.getByRole('region', { name: '许可证' }).getByText('许可证验证通过').waitFor();
  await session.page.getByRole('region', { name: '云端组件' }).getByText('已加载 7/7').waitFor();

  // Touch targets: every navigation tab and button on the screen is at least 48 px tall.
  const heights = await session.page
    .locator('nav[aria-label="遥控器导航"] [role="tab"], main button')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(48);

  await session.page.getByRole('navigation', { name: '遥控器导航' }).getByRole('tab', { name: '遥控器项目' }).click();
  await waitForHash(session.page, '/djiapp/project');
  await session.page.getByRole('button', { name: `加入 ${project.name}` }).click();
  await session.page.getByRole('region', { name: '当前项目' }).getByText(project.name).waitFor();

  await session.page.getByRole('navigation', { name: '遥控器导航' }).getByRole('tab', { name: '遥控器首页' }).click();
  await waitForHash(session.page, '/djiapp/home');
  await session.page.getByRole('region', { name: '当前项目' }).getByText(project.name).waitFor();
  expect(hashPath(session.page)).toBe('/djiapp/home');
});

test('outside the bridge a controller path says "请在大疆遥控器访问" and goes to the console', async () => {
  await session.page.goto(`${session.server.url}#/djiapp/home`);
  await session.page.getByText('请在大疆遥控器访问').waitFor();
  // Home of the console; logged out, its first page asks for the login.
  await session.page.waitForFunction(() => !window.location.hash.startsWith('#/djiapp'));
  expect(hashPath(session.page)).not.toMatch(/^\/djiapp/);
});

test('with the licence refused the controller login shows the licence error', async () => {
  await session.page.goto(`${session.server.url}?djibridge=sim&djilicense=refused#/djiapp/login`);
  // This server hands out the controller configuration only after sign-in; the refused licence then signs out again.
  await session.page.getByLabel('用户名').fill('admin');
  await session.page.getByLabel('密码').fill(session.server.adminPassword);
  await session.page.getByRole('button', { name: '登录', exact: true }).click();
  await session.page.getByRole('alert').filter({ hasText: '许可证被拒绝' }).waitFor();
  await waitForHash(session.page, '/djiapp/login');
  expect(await session.page.getByRole('button', { name: '登录', exact: true }).isDisabled()).toBe(true);
});

test('the task screen draws the route of a task on the map', async () => {
  // Routes must stay inside their project's area: the waypoints are placed around its first corner, inside it.
  const { area } = await admin.data<{ area: { coordinates: number[][][] } | null }>('GET', `/Project/${project.id}/`);
  const [lng0, lat0] = area ? area.coordinates[0][0] : [113.94, 22.51];
  const inside = (dLat: number, dLng: number) => ({ lat: lat0 + dLat, lng: lng0 + dLng });
  const route = await admin.data<{ id: number }>('POST', '/Route/', {
    project_id: project.id,
    name: `e2e 航线 ${Date.now()}`,
    waypoints: [
      { ...inside(0.002, 0.002), alt: 80, speed: 8 },
      { ...inside(0.008, 0.012), alt: 90, speed: 8, actions: [{ type: 'takePhoto' }] },
      { ...inside(0.014, 0.006), alt: 90, speed: 8 },
    ],
  });
  const task = await admin.data<{ id: number; name: string }>('POST', '/Task/', {
    name: `e2e 任务 ${Date.now()}`,
    project_id: project.id,
    route_id: route.id,
    kind: 'inspection',
  });

  await session.page.goto(`${session.server.url}?djibridge=sim#/djiapp/login`);
  await session.page.getByLabel('用户名').fill('admin');
  await session.page.getByLabel('密码').fill(session.server.adminPassword);
  await session.page.getByRole('button', { name: '登录', exact: true }).click();
  await waitForHash(session.page, '/djiapp/home');
  await session.page.getByRole('tab', { name: '遥控器项目' }).click();
  await session.page.getByRole('button', { name: `加入 ${project.name}` }).click();
  await session.page.getByRole('region', { name: '当前项目' }).waitFor();
  await session.page.getByRole('tab', { name: '遥控器任务' }).click();
  await session.page.getByRole('button', { name: task.name }).click();
  const map = session.page.getByRole('region', { name: '航线地图' });
  await map.locator('.leaflet-container').waitFor();
  await session.page.getByText('航点 3 个').waitFor();
  // The polyline and the three numbered waypoints.
  await expect(map.locator('path.leaflet-interactive')).toHaveCountEventually(4);
});

describe('a deployment whose config.json does not offer the simulator', () => {
  const plain = useBrowserSession();

  test('ignores ?djibridge=sim', async () => {
    const warnings: string[] = [];
    plain.page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await plain.page.goto(`${plain.server.url}?djibridge=sim#/djiapp/login`);
    await plain.page.getByText('请在大疆遥控器访问').waitFor();
    await plain.page.waitForFunction(() => !window.location.hash.startsWith('#/djiapp'));
    expect(await plain.page.evaluate(() => 'djiBridge' in window)).toBe(false);
    expect(warnings.some((text) => text.includes('?djibridge=sim is ignored'))).toBe(true);
  });
});
