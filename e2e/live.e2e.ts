import type { Locator, Page } from 'playwright-core';
import type { Simulation } from '../scripts/simulator';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';

jest.setTimeout(180_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  env: { RTMP_PORT: '0' },
  // One dock with its aircraft; its cameras push with ffmpeg when started.
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { docks: 1, prefix: 'LIVEE2E', parked: true, plans: false });
  },
});
afterAll(() => simulation?.stop());

/** The playing <video>'s size and playback time. */
const videoState = (video: Locator) => video.evaluate((element: HTMLVideoElement) => ({ width: element.videoWidth, time: element.currentTime }));

async function decodes(page: Page, video: Locator) {
  await video.waitFor({ timeout: 30_000 });
  const handle = await video.elementHandle();
  await page.waitForFunction((element) => (element as HTMLVideoElement).videoWidth > 0, handle, { timeout: 30_000 });
  const first = await videoState(video);
  await page.waitForFunction(([element, time]) => (element as HTMLVideoElement).currentTime > (time as number) + 0.5, [handle, first.time] as const, {
    timeout: 15_000,
  });
  return first;
}

test("starts a simulated aircraft's camera from the device drawer: the <video> decodes and plays, the lens switches to zoom, stop ends it", async () => {
  const page = session.page;
  const sn = simulation!.gateways[0].plan.aircraft.sn;
  await signInAsAdmin(page, session.server);
  await page.goto(`${session.server.url}#/Device/UAV`);
  await page.getByLabel('搜索序列号/名称/型号').fill(sn);
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: sn, exact: true }) });
  await row.waitFor({ timeout: 20_000 });
  await row.getByText(sn).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(sn) });
  const panel = drawer.getByRole('region', { name: '视频' });

  await panel.getByRole('button', { name: '开始直播' }).click({ timeout: 20_000 });
  const video = panel.locator('video');
  const normal = await decodes(page, video);
  expect(normal.width).toBe(1280);
  await panel.getByText('直播中').waitFor();

  await panel.getByRole('combobox', { name: '镜头' }).click();
  await page.getByRole('option', { name: '变焦' }).click();
  // The device switched (its push restarts with the zoom pattern) and the panel shows the lens.
  await panel.getByRole('combobox', { name: '镜头' }).filter({ hasText: '变焦' }).waitFor({ timeout: 20_000 });
  expect(simulation!.gateways[0].cameras[0].currentLens).toBe('zoom');

  await panel.getByRole('button', { name: '停止直播' }).click();
  await panel.getByText('已结束').waitFor({ timeout: 20_000 });
  await panel.getByText('已被停止').waitFor();
  expect(await panel.locator('video').count()).toBe(0);
  expect(simulation!.gateways[0].cameras[0].live).toBe(false);
});
