import { bearing, booleanPointInPolygon, destination, nearestPointOnLine, polygonToLine } from '@turf/turf';
import type { Page } from 'playwright-core';
import type { Polygon } from '@shared/geo';
import type { Simulation } from '../scripts/simulator';
import { adminApi } from './support/api';
import { canvasColoursAround, dominantColour, selectedDroneAt } from './support/fleetCanvas';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';
import { until } from '../__tests__/support/until';

jest.setTimeout(240_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  // Two aircraft (the demo's first two, on demo routes) that file their plans and fly under them.
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { gateways: 2, prefix: 'E2EC', plans: true });
  },
  onPage: signInAsAdmin,
});
afterAll(() => simulation?.stop());
const admin = adminApi(() => session.server);

interface PlanRow {
  id: number;
  status: string;
  application_id: number;
  device_id: number;
}
interface AlertRow {
  id: number;
  code: string;
  active: number;
  device_sn: string;
  plan_id: number | null;
}

const planStatus = async (id: number) => (await admin.data<PlanRow>('GET', `/Airspace/Plan/${id}/`)).status;
const conformanceAlerts = async (sn: string) =>
  (await admin.data<{ items: AlertRow[] }>('GET', `/Alert/?kind=conformance&device_sn=${encodeURIComponent(sn)}&page_size=50`)).items;

/** The count in the header bell's label ("未读消息 N 条": unread notices plus active alerts). */
async function bellCount(page: Page): Promise<number> {
  const label = await page.getByRole('link', { name: /^未读消息 \d+ 条$/ }).getAttribute('aria-label');
  return Number(/\d+/.exec(label ?? '')![0]);
}

const waitForBell = (page: Page, count: number) => page.getByRole('link', { name: `未读消息 ${count} 条` }).waitFor({ timeout: 60_000 });

/** A point 200 m outside the application's area, beyond the boundary point nearest to the aircraft. */
async function outsideItsArea(plan: PlanRow): Promise<{ lat: number; lng: number; height: number }> {
  const { area } = await admin.data<{ area: Polygon }>('GET', `/Airspace/Apply/${plan.application_id}/`);
  const { live } = await admin.data<{ live: { lat: number; lng: number; elevation: number } }>('GET', `/Device/${plan.device_id}/live/`);
  const here = [live.lng, live.lat];
  const edge = nearestPointOnLine(polygonToLine(area) as Parameters<typeof nearestPointOnLine>[0], here);
  const [lng, lat] = destination(edge, 200, bearing(here, edge), { units: 'meters' }).geometry.coordinates;
  expect(booleanPointInPolygon([lng, lat], area)).toBe(false);
  return { lat, lng, height: live.elevation };
}

/** Status colours of the fleet canvas (src/features/situation/fleet.ts): flying, and flagged by a conformance alert. */
const FLYING = '#1e88e5';
const FLAGGED = '#e53935';
/**
 * Opaque pixels of one colour within 20 px of a drone: its arrow is about 150 px² (src/features/situation/droneCanvas.ts
 * ARROW), less its white outline, and half as large again each way (337 px²) while selected.
 */
const SELECTED_ARROW_MIN_PX = 200;
const ARROW_MAX_PX = 150;

/**
 * Selects the aircraft in the list and reads the fleet canvas where the map projects it: its arrow in `colour`, drawn
 * large while selected, and normal-sized in the same colour once its card is closed.
 */
async function drawnOnTheMap(page: Page, sn: string, colour: string) {
  await page
    .getByRole('list', { name: '态势感知' })
    .getByRole('button', { name: new RegExp(sn) })
    .click();
  const at = await selectedDroneAt(page, sn);
  const around = () => canvasColoursAround(page, at, 20);
  await until(async () => ((await around())[colour] ?? 0) >= SELECTED_ARROW_MIN_PX, 20_000, `${sn} drawn selected in ${colour}`);
  expect(dominantColour(await canvasColoursAround(page, at, 3))).toBe(colour);
  await page.getByRole('region', { name: '无人机详情' }).getByRole('button', { name: '关闭' }).click();
  await page.locator(`[data-sn="${sn}"]`).waitFor({ state: 'detached' });
  await until(async () => ((await around())[colour] ?? 0) <= ARROW_MAX_PX, 20_000, `${sn} drawn unselected`);
  expect((await around())[colour]).toBeGreaterThan(ARROW_MAX_PX / 3);
  expect(dominantColour(await canvasColoursAround(page, at, 3))).toBe(colour);
}

test('aircraft flying their plans raise nothing; one pushed out of its area is flagged on /Tas and in the bell, its plan goes nonconforming, and all clears when it flies back', async () => {
  const { page, server } = session;
  const sim = simulation!;
  const [calm, pushed] = sim.gateways.map((g) => g.plan.aircraft.sn);
  const planOf = (sn: string) => sim.flightPlans.get(sn)!;
  expect([...sim.flightPlans.keys()].sort()).toEqual([calm, pushed].sort());

  // Both take off when their window opens and activate their plans, with no conformance alert.
  for (const sn of [calm, pushed]) await until(async () => (await planStatus(planOf(sn))) === 'activated', 60_000, `${sn}'s plan activated`);
  const alertsList = page.getByRole('region', { name: '未关闭的偏离告警' });
  await alertsList.getByText('未关闭的偏离告警 (0)').waitFor();
  const flagged = page.getByLabel('偏离告警', { exact: true });
  await expect(flagged.textContent()).resolves.toBe('偏离告警 0');
  const fleet = page.getByRole('list', { name: '态势感知' });
  await fleet.getByRole('button', { name: new RegExp(`${pushed}.*飞行中`) }).waitFor();
  const bell = await bellCount(page);
  expect(await conformanceAlerts(pushed)).toEqual([]);

  // Pushed 200 m out of its area, it is flagged (after the hysteresis) and its plan is nonconforming.
  const plan = await admin.data<PlanRow>('GET', `/Airspace/Plan/${planOf(pushed)}/`);
  sim.flyTo(pushed, await outsideItsArea(plan));
  await alertsList.getByText('未关闭的偏离告警 (1)').waitFor({ timeout: 90_000 });
  await alertsList.getByRole('button', { name: new RegExp(`${pushed} · 飞出计划空域.*计划 #${plan.id}`) }).waitFor();
  await page.getByText('偏离告警 1', { exact: true }).waitFor();
  await fleet.getByRole('button', { name: new RegExp(`${pushed}.*偏离告警`) }).waitFor();
  await waitForBell(page, bell + 1);
  // The map draws it in the flagged red where it is; the other one in flying blue.
  await drawnOnTheMap(page, pushed, FLAGGED);
  await drawnOnTheMap(page, calm, FLYING);
  const [open] = await conformanceAlerts(pushed);
  expect(open).toMatchObject({ code: 'outside_volume', active: 1, plan_id: plan.id });
  expect(await planStatus(plan.id)).toBe('nonconforming');

  // /AirSpace/Plan lists it among the nonconforming plans.
  await page.goto(`${server.url}#/AirSpace/Plan?status=nonconforming`);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `${plan.id} 的操作` }) });
  await expect(row.textContent()).resolves.toContain('偏离计划');

  // Back on its circuit, the alert closes (after the hysteresis), the bell drops and the plan is active again.
  await page.goto(`${server.url}#/Tas`);
  await alertsList.getByText('未关闭的偏离告警 (1)').waitFor();
  sim.flyTo(pushed, null);
  await alertsList.getByText('未关闭的偏离告警 (0)').waitFor({ timeout: 90_000 });
  await page.getByText('偏离告警 0', { exact: true }).waitFor();
  await waitForBell(page, bell);
  expect(await conformanceAlerts(pushed)).toEqual([expect.objectContaining({ id: open.id, active: 0 })]);
  expect(await planStatus(plan.id)).toBe('activated');

  // The other aircraft flew its plan throughout without an alert.
  expect(await conformanceAlerts(calm)).toEqual([]);
  expect(await planStatus(planOf(calm))).toBe('activated');
});
