import type { Simulation } from '../scripts/simulator';
import { until } from '../__tests__/support/until';
import { apiAs } from './support/api';
import { takeOffToHover } from './support/commandFlight';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';

/**
 * Live flight controls in the browser (issue 32): the operator opens a hovering dock aircraft's drawer, enters DRC
 * after a confirmation naming it, holds W and watches it fly north on the panel's position, stops it with Space.
 * The keys travel browser → broker (the session's own credentials) → the simulated dock, as with a real dock.
 */
jest.setTimeout(180_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { docks: 1, prefix: 'E2EDRC', rate: 5, parked: true, plans: true });
  },
});
afterAll(() => simulation?.stop());
const admin = apiAs(
  () => session.server,
  'admin',
  (server) => server.adminPassword,
);

/** The panel's shown latitude (data-lat of the position line), or NaN before the first osd_info_push. */
const shownLatitude = async () => Number((await session.page.getByTestId('drc-position').getAttribute('data-lat')) ?? NaN);

test('holding W flies the aircraft north through DRC; Space is the emergency stop; exit ends the link', async () => {
  const dock = simulation!.gateways[0];
  const drc = dock.drc;
  if (!drc) throw new Error('a simulated dock has a DRC link');
  const sn = dock.plan.aircraft.sn;
  const devices = await admin.data<{ items: { id: number; serial: string }[] }>('GET', `/Device/?search=${sn}`);
  const aircraftId = devices.items.find((row) => row.serial === sn)!.id;

  // In the air first: DRC is refused on the ground.
  await takeOffToHover(admin, simulation!, aircraftId);

  await signInAsAdmin(session.page, session.server);
  const page = session.page;
  await page.goto(`${session.server.url}#/Device/UAV`);
  await page.getByLabel('搜索序列号/名称/型号').fill(sn);
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: sn, exact: true }) });
  await row.getByText(sn).click({ timeout: 30_000 });
  const drawer = page.getByRole('dialog', { name: new RegExp(sn) });
  const panel = drawer.getByRole('region', { name: '实时飞控' });

  await panel.getByRole('button', { name: '进入实时飞控' }).click();
  const confirm = page.getByRole('dialog', { name: '进入实时飞控' });
  await confirm.getByText(sn).waitFor();
  await confirm.getByRole('button', { name: '确定' }).click();
  await page.locator('section[data-phase="active"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('drc-position').waitFor({ timeout: 10_000 });
  const start = await shownLatitude();

  // W held: the saga sends drone_control at 10 Hz; the dock flies forward (north) and reports it on drc/up.
  await page.keyboard.down('KeyW');
  await page.waitForFunction((from) => Number(document.querySelector('[data-testid="drc-position"]')?.getAttribute('data-lat')) - from > 5 / 111_320, start, {
    timeout: 20_000,
  });
  await page.keyboard.up('KeyW');
  expect(drc.controls.some((control) => control.sticks.x > 0)).toBe(true);

  const stopsBefore = drc.emergencyStops;
  await page.keyboard.press('Space');
  await until(async () => drc.emergencyStops > stopsBefore, 10_000, 'the dock braked on drone_emergency_stop');

  await panel.getByRole('button', { name: '退出实时飞控' }).click();
  await page.locator('section[data-phase="idle"]').waitFor({ timeout: 20_000 });
  await until(async () => !drc.connected, 10_000, 'the dock left DRC');
});
