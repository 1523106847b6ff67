import type { Page } from 'playwright-core';
import type { Simulation } from '../scripts/simulator';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';

jest.setTimeout(150_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  env: { MQTT_SYSINFO_INTERVAL_MS: '1000' },
  // One Pilot 2 gateway (RC + aircraft) signing in like a pilot, in this process so the test can make it report health.
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { gateways: 1, prefix: 'E2E' });
  },
});
afterAll(() => simulation?.stop());

// By selector: the open drawer hides the header from the accessibility tree.
const BELL = 'a[aria-label^="未读消息"]';
const bellCount = async (p: Page) => Number(/(\d+)/.exec((await p.locator(BELL).getAttribute('aria-label')) ?? '')?.[1] ?? NaN);

test('a simulated Pilot 2 gateway: its aircraft is online on /Tas and /Device/UAV with DJI telemetry; an HMS alert raises the bell and shows in the drawer', async () => {
  const gateway = simulation!.gateways[0];
  const sn = gateway.plan.aircraft.sn;
  await signInAsAdmin(session.page, session.server);

  // /Tas: the aircraft is in the fleet list (fed by sysinfo/fleet from its DJI OSD).
  const list = session.page.getByRole('list', { name: '态势感知' });
  await list.getByRole('button', { name: new RegExp(sn) }).waitFor({ timeout: 30_000 });

  // /Device/UAV: the row is flying (Pilot 2 reports manual flight) and paired with its RC.
  await session.page.goto(`${session.server.url}#/Device/UAV`);
  await session.page.getByLabel('搜索序列号/名称/型号').fill(sn);
  // The aircraft's own row (its RC's row names it too, as the aircraft paired with it).
  const row = session.page.getByRole('row').filter({ has: session.page.getByRole('gridcell', { name: sn, exact: true }) });
  await row.waitFor({ timeout: 20_000 });
  await row.getByText('飞行中').waitFor({ timeout: 20_000 });
  await row.getByText(`遥控器 ${gateway.sn}`).or(row.getByText(gateway.sn)).first().waitFor();

  // The drawer shows the DJI live fields.
  await row.getByText(sn).click();
  const drawer = session.page.getByRole('dialog', { name: new RegExp(sn) });
  const live = drawer.getByRole('region', { name: '实时状态 (DJI)' });
  // The drawer's live fields wait for the aircraft's next OSD after the drawer subscribes: 1 Hz alone, seconds late
  // beside a full test run on two cores (20 s was once not enough in CI; alone it takes under 2 s).
  await live.getByText('手动飞行').waitFor({ timeout: 45_000 });
  await live.getByText(/颗卫星/).waitFor();
  await live.getByText(/m\/s/).first().waitFor();
  await live.getByText('无活动告警').waitFor();

  // An HMS warning: the platform answers the event, the bell counts it and the drawer lists it in warning colour.
  const before = await bellCount(session.page);
  const reply = await gateway.raiseHms([
    { code: '0x16080020', level: 2, module: 3, in_the_sky: 1, imminent: 0, device_type: gateway.deviceType('aircraft'), args: { component_index: 1 } },
  ]);
  expect(reply.result).toBe(0);
  await session.page.waitForFunction(
    ([selector, expected]) => document.querySelector(selector)?.getAttribute('aria-label') === `未读消息 ${expected} 条`,
    [BELL, before + 1] as const,
    { timeout: 20_000 },
  );
  const alert = live.getByText(/2 号电机堵转/);
  await alert.waitFor({ timeout: 20_000 });
  expect(await alert.locator('xpath=ancestor-or-self::*[@data-level][1]').getAttribute('data-level')).toBe('2');
});
