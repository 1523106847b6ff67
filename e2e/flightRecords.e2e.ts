import { SimulatedGateway, type GatewayPlan } from '../scripts/simulator/gateway';
import { PlatformSession, pilotLogin } from '../scripts/simulator/platformApi';
import { brokerUrl } from '../__tests__/support/serverProcess';
import { loginThroughPage } from './support/browser';
import { useBrowserSession } from './support/session';

jest.setTimeout(150_000);

let platform: PlatformSession;
let gateway: SimulatedGateway;

// A small loop near Shenzhen whose first point (home) is on the ground.
const ROUTE = [
  { lat: 22.54, lng: 114.05, alt: 0 },
  { lat: 22.541, lng: 114.051, alt: 40 },
  { lat: 22.542, lng: 114.049, alt: 40 },
];
const PLAN: GatewayPlan = {
  kind: 'pilot',
  gateway: { sn: 'E2E-RC-FR', domain: 2, type: 119, subType: 0, firmware: '02.01.0307' },
  aircraft: { sn: 'E2E-UAV-FR', domain: 0, type: 67, subType: 1, firmware: '09.01.0102' },
  route: ROUTE,
  ordinal: 0,
};
/** Simulated seconds per tick: the flight runs as a time-lapse (the simulator's own clock drives the aircraft). */
const TIME_LAPSE_S = 5;
const TICK_MS = 40;
const pace = () => new Promise((resolve) => setTimeout(resolve, TICK_MS));

// Declared before the session so that (hooks run in declaration order) the gateway stops while the server is still up.
afterAll(async () => {
  await gateway?.stop();
  await platform?.logout();
});

const session = useBrowserSession({
  viewport: { width: 1600, height: 1000 },
  afterServer: async (server) => {
    const base = server.url.replace(/\/$/, '');
    platform = await PlatformSession.login(base, 'admin', server.adminPassword);
    // A Pilot 2 gateway (RC + aircraft) signed in as the admin, driven tick by tick by this test.
    gateway = new SimulatedGateway(PLAN, await pilotLogin(platform, 1), {
      url: brokerUrl(base),
      replyTimeoutMs: 10_000,
      log: () => undefined,
    });
    await gateway.start();
  },
});

/** Flies until the aircraft has landed `landings` times, then a few more reports on the ground. */
async function flyUntilLanded(landings: number): Promise<void> {
  let seconds = 0;
  let landed = 0;
  let previous = gateway.flight.currentPhase;
  while (landed < landings) {
    gateway.tick(TIME_LAPSE_S, (seconds += TIME_LAPSE_S), 2);
    const phase = gateway.flight.currentPhase;
    if (previous !== 'ground' && phase === 'ground') landed++;
    previous = phase;
    await pace();
  }
  for (let i = 0; i < 4; i++) {
    gateway.tick(TIME_LAPSE_S, (seconds += TIME_LAPSE_S), 2);
    await pace();
  }
}

test('a simulated aircraft takes off, flies and lands: its automatic record is in /AirSpace/Report with the track, and the replay slider moves the aircraft', async () => {
  // The first flight was already under way when the gateway came up; the second takes off from the ground.
  await flyUntilLanded(2);
  const { page, server } = session;

  await loginThroughPage(page, server.url, 'admin', server.adminPassword);
  await page.getByRole('heading', { name: '态势感知' }).waitFor();
  await page.goto(`${server.url}#/AirSpace/Report`);
  const automatic = page.getByRole('row').filter({ has: page.getByText('自动记录') });
  await expect(automatic).toHaveCountEventually(2, 20_000);

  // Newest first: the flight that took off from the ground.
  await automatic.first().getByRole('gridcell').first().click();
  const drawer = page.getByRole('dialog', { name: /^飞行报告 #\d+$/ });
  await drawer.waitFor();
  await drawer.getByText(PLAN.gateway.sn).waitFor();
  const map = drawer.getByRole('region', { name: '飞行轨迹地图' });
  const track = map.locator('path.flight-track');
  await track.waitFor();
  // The track is drawn as a line with many vertices, not a stub.
  expect(((await track.getAttribute('d')) ?? '').split('L').length).toBeGreaterThan(5);

  const marker = map.locator('path.flight-position');
  const readout = drawer.getByLabel('回放读数');
  const start = await marker.getAttribute('d');
  expect(await readout.textContent()).toMatch(/^0:00 \//);
  const slider = drawer.getByRole('slider', { name: '回放时间' });
  await slider.focus();
  await page.keyboard.press('End');
  await marker.evaluate(
    (path, before) =>
      new Promise<void>((resolve) => {
        if (path.getAttribute('d') !== before) return resolve();
        new MutationObserver((_records, observer) => {
          observer.disconnect();
          resolve();
        }).observe(path, { attributes: true, attributeFilter: ['d'] });
      }),
    start,
  );
  expect(await marker.getAttribute('d')).not.toBe(start);
  expect(await readout.textContent()).not.toMatch(/^0:00 \//);
  for (const name of ['高度 (m)', '速度 (m/s)', '电量 (%)']) await drawer.getByRole('figure', { name }).waitFor();
});
