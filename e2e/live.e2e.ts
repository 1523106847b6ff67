import type { Locator, Page } from 'playwright-core';
import type { Camera } from '@shared/liveVideo';
import type { Simulation } from '../scripts/simulator';
import { decodePictureCode } from '../scripts/simulator/camera';
import { until } from '../__tests__/support/until';
import { apiAs } from './support/api';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';
import { nextFrame } from './support/videoFrames';

jest.setTimeout(180_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  env: { RTMP_PORT: '0' },
  // Two docks with their aircraft: four cameras, which push with ffmpeg when started.
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { docks: 2, prefix: 'LIVEE2E', parked: true, plans: false });
  },
});
const admin = apiAs(
  () => session.server,
  'admin',
  (server) => server.adminPassword,
);
afterAll(() => simulation?.stop());

/** The aircraft's id once the server holds its dock's live_capacity (its camera is listed): the page's first read shows it. */
async function aircraftWithCamera(): Promise<{ id: number; sn: string }> {
  const sn = simulation!.gateways[0].plan.aircraft.sn;
  const devices = await admin.data<{ items: { id: number; serial: string }[] }>('GET', `/Device/?search=${sn}`);
  const id = devices.items.find((d) => d.serial === sn)!.id;
  await until(async () => (await admin.data<Camera[]>('GET', `/Device/${id}/cameras/`)).length > 0, 30_000, "the dock's live_capacity reached the server");
  return { id, sn };
}

type Picture = { width: number; frame: number; lens: string | undefined };
/** Waits, frame by frame, until the <video> shows a picture that passes `check` (the stream's lens, size…). */
async function waitForPicture(video: Locator, check: (picture: Picture) => boolean, what: string, timeoutMs = 30_000): Promise<Picture> {
  const end = Date.now() + timeoutMs;
  let last: Picture | null = null;
  while (Date.now() < end) {
    const frame = await nextFrame(video);
    if (!frame) continue;
    last = { width: frame.width, ...decodePictureCode(frame.luma) };
    if (check(last)) return last;
  }
  throw new Error(`the video did not show ${what} in ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

/** The <video> decodes frames and plays them (currentTime advances). */
async function decodes(page: Page, video: Locator) {
  await video.waitFor({ timeout: 30_000 });
  const handle = await video.elementHandle();
  await page.waitForFunction((element) => (element as HTMLVideoElement).videoWidth > 0, handle, { timeout: 30_000 });
  const time = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await page.waitForFunction(([element, since]) => (element as HTMLVideoElement).currentTime > (since as number) + 0.5, [handle, time] as const, {
    timeout: 15_000,
  });
}

test("starts a simulated aircraft's camera from the device drawer: the <video> plays, follows a quality and a lens switch, stop ends it", async () => {
  const page = session.page;
  const { id, sn } = await aircraftWithCamera();
  await signInAsAdmin(page, session.server);
  await page.goto(`${session.server.url}#/Device/UAV`);
  await page.getByLabel('搜索序列号/名称/型号').fill(sn);
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: sn, exact: true }) });
  // The drawer's panel reads the cameras when it opens; the button comes with that answer.
  const camerasRead = page.waitForResponse((response) => response.url().endsWith(`/api/Device/${id}/cameras/`) && response.ok());
  await row.getByText(sn).click();
  await camerasRead;
  const drawer = page.getByRole('dialog', { name: new RegExp(sn) });
  const panel = drawer.getByRole('region', { name: '视频' });

  await panel.getByRole('button', { name: '开始直播' }).click();
  const video = panel.locator('video');
  await decodes(page, video);
  expect(await waitForPicture(video, (p) => p.width === 1280, 'SD 1280 px')).toMatchObject({ lens: 'normal' });
  await panel.getByText('直播中').waitFor();

  // Quality: the device pushes 960×540 and the player shows it.
  await panel.getByRole('combobox', { name: '清晰度' }).click();
  await page.getByRole('option', { name: '流畅 540p' }).click();
  await waitForPicture(video, (p) => p.width === 960, 'the 960 px picture of quality 1');

  // Lens: the device pushes the zoom lens's pattern (its code in the picture) and the player shows it.
  await panel.getByRole('combobox', { name: '镜头' }).click();
  await page.getByRole('option', { name: '变焦' }).click();
  await waitForPicture(video, (p) => p.lens === 'zoom', 'the zoom lens');
  await panel.getByRole('combobox', { name: '镜头' }).filter({ hasText: '变焦' }).waitFor();

  // LL-HLS beside HTTP-FLV: hls.js (loaded now) plays the same stream, the zoom lens's picture, in low-latency mode:
  // blocking playlist reloads (_HLS_msn / _HLS_part) and fMP4 parts.
  expect(await video.getAttribute('data-player')).toBe('mpegts');
  const hlsRequests: string[] = [];
  page.on('request', (request) => void (request.url().includes('/live/') && hlsRequests.push(new URL(request.url()).pathname + new URL(request.url()).search)));
  await panel.getByRole('combobox', { name: '播放协议' }).click();
  await page.getByRole('option', { name: 'HLS' }).click();
  const hlsVideo = panel.locator('video[data-player="hlsjs"]');
  await decodes(page, hlsVideo);
  await waitForPicture(hlsVideo, (p) => p.lens === 'zoom', 'the zoom lens over HLS');
  expect(hlsRequests.some((url) => /\/live\.m3u8\?sid=[\w-]+&_HLS_msn=\d+&_HLS_part=\d+/.test(url))).toBe(true);
  expect(hlsRequests.some((url) => /\/p\d+\.mp4\?sid=/.test(url))).toBe(true);

  await panel.getByRole('button', { name: '停止直播' }).click();
  await panel.getByText('已结束').waitFor();
  await panel.getByText('已被停止').waitFor();
  expect(await panel.locator('video').count()).toBe(0);
  expect(simulation!.gateways[0].cameras[0].live).toBe(false);
});

test('the wall opens four cameras from #/Live?sn=… and plays them all; its layout is kept for the user', async () => {
  const page = session.page;
  const serials = simulation!.gateways.flatMap((gateway) => [gateway.plan.aircraft.sn, gateway.sn]);
  await until(
    async () => (await admin.data<Camera[]>('GET', '/Live/cameras/')).filter((camera) => serials.includes(camera.sn)).length === 4,
    30_000,
    'the four cameras are online',
  );
  await signInAsAdmin(page, session.server);
  await page.goto(`${session.server.url}#/Live?sn=${serials.join(',')}`);
  const wall = page.getByRole('region', { name: '视频监控' });
  for (const [index, sn] of serials.entries()) {
    const tile = wall.getByRole('region', { name: `画面 ${index + 1}` });
    await tile
      .getByRole('combobox', { name: `画面 ${index + 1}` })
      .filter({ hasText: sn })
      .waitFor();
    await decodes(page, tile.locator('video'));
  }
  for (const gateway of simulation!.gateways) expect(gateway.cameras.map((camera) => camera.live)).toEqual([true, true]);

  await wall.getByRole('button', { name: '9 分屏' }).click();
  await page.goto(`${session.server.url}#/Live`);
  await page.reload();
  await wall.getByRole('region', { name: '画面 9' }).waitFor();
  expect(await wall.getByRole('button', { name: '9 分屏' }).getAttribute('aria-pressed')).toBe('true');
  await wall.getByRole('region', { name: '画面 1' }).getByRole('combobox').filter({ hasText: serials[0] }).waitFor();
});
