import type { Page } from 'playwright-core';
import { apiAs } from './support/api';
import { loginThroughPage } from './support/browser';
import { useBrowserSession } from './support/session';
import { startSimulator, type RunningSimulator } from './support/simulator';
import { until } from '../__tests__/support/until';

jest.setTimeout(150_000);

let simulator: RunningSimulator | undefined;
const session = useBrowserSession({
  env: { MQTT_SYSINFO_INTERVAL_MS: '1000' },
  afterServer: async (server) => {
    simulator = startSimulator(server, ['--drones', '5', '--rate', '2']);
  },
});
afterAll(() => simulator?.stop());
const admin = apiAs(
  () => session.server,
  'admin',
  (s) => s.adminPassword,
);

/** What the fleet canvas says it shows (its accessible label, "地图上 N 架无人机") and how many of its pixels are painted. */
const fleetCanvas = (p: Page) =>
  p.evaluate(() => {
    const canvas = document.querySelector('[aria-label="态势感知"] canvas.skyline-drones') as HTMLCanvasElement | null;
    if (!canvas) return { drones: 0, painted: 0 };
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) painted++;
    return { drones: Number(/\d+/.exec(canvas.getAttribute('aria-label') ?? '')?.[0] ?? 0), painted };
  });

test('with the simulator running, /Tas shows the drones moving, the online count, and a detail card', async () => {
  await loginThroughPage(session.page, session.server.url, 'admin', session.server.adminPassword);
  await session.page.getByRole('heading', { name: '态势感知' }).waitFor();

  // Five drones appear on the map (drawn on one canvas) and in the list.
  await until(async () => (await fleetCanvas(session.page)).drones >= 5, 30_000).catch((error) => {
    throw new Error(`${error}\nsimulator:\n${simulator?.output()}`);
  });
  expect(await session.page.locator('canvas.skyline-drones').count()).toBe(1);
  await until(async () => (await fleetCanvas(session.page)).painted > 100);
  const list = session.page.getByRole('list', { name: '态势感知' });
  await until(async () => (await list.getByRole('button').count()) >= 5);

  // Online count from sysinfo/online.
  const online = session.page.getByLabel('在线设备');
  await session.page.waitForFunction(() => /在线设备 \d+ \/ \d+/.test(document.querySelector('[aria-label="在线设备"]')?.textContent ?? ''), undefined, {
    timeout: 20_000,
  });
  const [, count] = /在线设备 (\d+) \//.exec((await online.textContent()) ?? '')!;
  expect(Number(count)).toBeGreaterThanOrEqual(5);

  // A flying drone (it moves between snapshots). A row leads with the device's name when the server names it (then
  // serial, status…), else with its serial (then status…).
  const lines = async (row: ReturnType<typeof list.getByRole>) =>
    Promise.all([row.locator('.MuiListItemText-primary').textContent(), row.locator('.MuiListItemText-secondary').textContent()]);
  const [primary, secondary] = await lines(list.getByRole('button', { name: /飞行中/ }).first());
  const sn = secondary!.startsWith('飞行中') ? primary! : secondary!.split(' · ')[0];
  const { names } = await admin.data<{ names: Record<string, string> }>('POST', '/Device/names/', { serials: [sn] });
  const row = list.getByRole('button', { name: new RegExp(sn) });
  await until(async () => (await lines(row))[0] === (names[sn] ?? sn));

  // Search narrows the list; a click opens the detail card.
  await session.page.getByLabel('搜索名称、序列号或任务').fill(sn);
  await until(async () => (await list.getByRole('button').count()) === 1);
  await row.click();
  const card = session.page.getByRole('region', { name: '无人机详情' });
  await card.waitFor();
  const text = (await card.textContent()) ?? '';
  expect(text).toContain(sn);
  expect(text).toContain(`名称${names[sn] ?? '—'}`);
  expect(text).toMatch(/电量\d+%/);
  expect(text).toMatch(/高度[\d.]+米/);
  expect(text).toMatch(/速度[\d.]+ m\/s/);
  expect(text).toMatch(/任务/);
  // The selected drone is also a DOM marker, rotated by its heading; it moves with the snapshots.
  const marker = session.page.locator(`.skyline-drone:has([data-sn="${sn}"])`);
  expect(await marker.locator(`[data-sn="${sn}"]`).getAttribute('style')).toMatch(/rotate\(\d+deg\)/);
  const first = await marker.getAttribute('style');
  await until(async () => (await marker.getAttribute('style')) !== first, 15_000);
});
