import type { Locator, Page } from 'playwright-core';
import type { Simulation } from '../scripts/simulator';
import { until } from '../__tests__/support/until';
import { apiAs } from './support/api';
import { takeOffToHover } from './support/commandFlight';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';

/**
 * Flying from /Tas (issue 32): the operator selects a hovering dock aircraft, asks for a point, clicks it on the map,
 * chooses the height and speed in the dialog that names the aircraft, confirms, and watches the aircraft fly there:
 * its position on the card closes in on the point while the planned path and the remaining distance are shown,
 * both gone once it arrived.
 */
jest.setTimeout(180_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { docks: 1, prefix: 'E2EFLY', rate: 5, parked: true, plans: true });
  },
});
afterAll(() => simulation?.stop());
const admin = apiAs(
  () => session.server,
  'admin',
  (server) => server.adminPassword,
);

type Point = { lat: number; lng: number };
const metresBetween = (a: Point, b: Point) => Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

/** The position row of the card ("位置 lat, lng"). */
async function shownPosition(card: Locator): Promise<Point> {
  const [lat, lng] = ((await card.locator('[data-field="位置"]').textContent()) ?? '').split(',').map(Number);
  return { lat, lng };
}

/** Clicks the map `dx`, `dy` pixels from the centre of the selected aircraft's marker. */
async function clickFromMarker(page: Page, sn: string, dx: number, dy: number) {
  const box = (await page.locator(`.skyline-drone:has([data-sn="${sn}"])`).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}

/** Asks for a point, clicks it, and returns the dialog it opens with the point it names. */
async function pickPoint(page: Page, card: Locator, sn: string, dx: number, dy: number) {
  await card.getByRole('button', { name: '飞往地图上的点' }).click();
  await card.getByRole('status').filter({ hasText: '请在地图上点击目标点' }).waitFor();
  await clickFromMarker(page, sn, dx, dy);
  const dialog = page.getByRole('dialog', { name: /飞往目标点/ });
  await dialog.waitFor();
  const [, lat, lng] = /飞往 (-?[\d.]+), (-?[\d.]+)/.exec((await dialog.textContent()) ?? '')!;
  return { dialog, point: { lat: Number(lat), lng: Number(lng) } };
}

test('a point clicked on /Tas: the dialog names the aircraft, the aircraft flies there with its path and distance shown', async () => {
  const dock = simulation!.gateways[0];
  const sn = dock.plan.aircraft.sn;
  const route = dock.plan.route;
  const { ids } = await admin.data<{ ids: Record<string, number> }>('POST', '/Device/names/', { serials: [sn] });
  const aircraftId = ids[sn];

  // In the air first: a fly-to is refused on the ground.
  await takeOffToHover(admin, simulation!, aircraftId);

  await signInAsAdmin(session.page, session.server);
  const page = session.page;
  await page.goto(`${session.server.url}#/Tas`);
  await page.getByLabel('搜索名称、序列号或任务').fill(sn);
  const list = page.getByRole('list', { name: '态势感知' });
  await list.getByRole('button', { name: new RegExp(sn) }).click({ timeout: 30_000 });
  const card = page.getByRole('region', { name: '无人机详情' });
  await card.waitFor();
  const start = await shownPosition(card);

  // The map's scale where the aircraft is, read as a person would: a point 100 px north of its marker, named by the
  // dialog, then dropped; zoomed in (around the aircraft, which selecting it centred) until a pixel is under 3 m.
  let degreesPerPixel = Infinity;
  for (let zoomIns = 0; degreesPerPixel * 111_320 >= 3; zoomIns++) {
    if (zoomIns > 10) throw new Error('the map did not zoom in');
    if (zoomIns > 0) await page.locator('.leaflet-control-zoom-in').click();
    const probe = await pickPoint(page, card, sn, 0, -100);
    degreesPerPixel = (probe.point.lat - start.lat) / 100;
    expect(degreesPerPixel).toBeGreaterThan(0);
    await probe.dialog.getByRole('button', { name: '取消' }).click();
    await probe.dialog.waitFor({ state: 'hidden' });
  }

  // The target: a quarter of the way from the dock to the middle of its circuit, inside the plan's area (a few
  // hundred metres away, on the map as it is now).
  const centre = { lat: route.reduce((sum, p) => sum + p.lat, 0) / route.length, lng: route.reduce((sum, p) => sum + p.lng, 0) / route.length };
  const target = { lat: route[0].lat + (centre.lat - route[0].lat) / 4, lng: route[0].lng + (centre.lng - route[0].lng) / 4 };
  const cos = Math.cos((start.lat * Math.PI) / 180);
  const { dialog, point } = await pickPoint(page, card, sn, ((target.lng - start.lng) * cos) / degreesPerPixel, -(target.lat - start.lat) / degreesPerPixel);
  expect(metresBetween(point, target)).toBeLessThan(5);
  expect(await dialog.textContent()).toContain(sn);

  // The dialog allows only what DJI takes: a height of 2 m at least, a whole speed of 1–15 m/s.
  const confirm = dialog.getByRole('button', { name: '确定飞往' });
  await dialog.getByLabel('椭球高 (m)').fill('1');
  await dialog.getByText('高度须在 2–10000 m 之间').waitFor();
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByLabel('椭球高 (m)').fill('40');
  await dialog.getByLabel('最大速度 (m/s)').fill('12');
  await confirm.click();
  await dialog.waitFor({ state: 'hidden' });

  // Under way: the planned path and target on the map, the remaining distance on the card, the aircraft closing in.
  const progress = card.getByTestId('flyto-progress');
  await progress.waitFor({ timeout: 20_000 });
  await page.locator('path.skyline-flyto-path').waitFor();
  await page.locator('path.skyline-flyto-target').waitFor();
  expect(await progress.textContent()).toMatch(/飞向目标点：飞行中剩余 [\d.]+ k?m，约 \d+ (分 \d+ )?秒/);
  const firstRemaining = Number(await progress.getAttribute('data-remaining'));
  await until(async () => Number(await progress.getAttribute('data-remaining')) < firstRemaining - 10, 30_000, 'the remaining distance falls');
  await until(async () => metresBetween(await shownPosition(card), point) < metresBetween(start, point) - 10, 30_000, 'the aircraft closes in');

  // Arrived: the path, the target and the remaining distance are gone; the aircraft is at the point.
  await progress.waitFor({ state: 'hidden', timeout: 60_000 });
  await page.locator('path.skyline-flyto-path').waitFor({ state: 'detached' });
  expect(await page.locator('path.skyline-flyto-target').count()).toBe(0);
  await until(async () => metresBetween(await shownPosition(card), point) < 3, 15_000, 'the card shows the aircraft at the point');
  expect(dock.servicesReceived).toContain('fly_to_point');
});
