import type { Simulation } from '../scripts/simulator';
import { until } from '../__tests__/support/until';
import { adminApi } from './support/api';
import { acceptedPlanFor } from './support/missions';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';

jest.setTimeout(240_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  // A calm sky: the dispatch's weather check passes whatever the simulated station would say now.
  env: { MQTT_SYSINFO_INTERVAL_MS: '1000', WEATHER: 'calm' },
  viewport: { width: 1700, height: 900 },
  // One dock whose aircraft waits on the ground until a task is dispatched to it.
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { docks: 1, prefix: 'E2ET', parked: true });
  },
});
afterAll(() => simulation?.stop());

type Row = Record<string, unknown> & { id: number };
const admin = adminApi(() => session.server);

test('/Tas: the card of an aircraft flying a task links its task and plan, the map draws its route, the card pauses it', async () => {
  const { page, server } = session;
  const gateway = simulation!.gateways[0];
  const home = gateway.plan.route[0];
  const sn = gateway.plan.aircraft.sn;
  const [aircraft] = (await admin.data<{ items: Row[] }>('GET', `/Device/?search=${sn}`)).items;
  // A new project without an area: the demo projects' areas do not hold the simulated dock's home.
  const { id: projectId } = await admin.data<Row>('POST', '/Project/', { name: 'tas task e2e', status: 'active' });
  // About 550 m north and back east at 5 m/s: still flying when the card pauses it.
  const waypoints = [0, 1, 2, 3, 4, 5].map((i) => ({ lat: home.lat + i * 0.001, lng: home.lng + (i % 2) * 0.0005, alt: 20, speed: 5 }));
  const route = await admin.data<Row>('POST', '/Route/', { project_id: projectId, name: 'E2E 态势航线', waypoints, settings: { rth_altitude: 20 } });
  const name = 'E2E 态势任务';
  const task = await admin.data<Row>('POST', '/Task/', { name, project_id: projectId, route_id: route.id, device_id: aircraft.id, kind: 'inspection' });
  // The plan's window opens while the browser signs in.
  const { plan, windowOpen } = await acceptedPlanFor(admin, { home, aircraftId: aircraft.id, taskId: task.id, routeId: route.id });
  await signInAsAdmin(page, server);
  await windowOpen;
  await admin.data('POST', `/Task/${task.id}/execute/`, {});

  // The aircraft on /Tas: its card names the task it flies (sysinfo/fleet) and the plan, both links.
  await page.getByLabel('搜索名称、序列号或任务').fill(sn);
  const list = page.getByRole('list', { name: '态势感知' });
  await list.getByRole('button', { name: new RegExp(sn) }).click({ timeout: 30_000 });
  const card = page.getByRole('region', { name: '无人机详情' });
  const section = card.getByRole('group', { name: '执行中的任务' });
  const taskLink = section.getByRole('link', { name: `${name} (#${task.id})` });
  await taskLink.waitFor({ timeout: 30_000 });
  const planLink = section.getByRole('link', { name: new RegExp(`^#${plan.id}（`) });
  await planLink.waitFor({ timeout: 20_000 });
  expect(await planLink.getAttribute('href')).toBe(`#/AirSpace/Plan?id=${plan.id}`);

  // Its route on the map, emphasised (it is the selected aircraft), split where it flies once it reports a waypoint.
  // Drawn, not "visible": a north-south leg is a path whose box has no width, which playwright counts as hidden.
  const drawn = { state: 'attached' as const };
  await page
    .locator('path.skyline-task-route-selected')
    .first()
    .waitFor({ ...drawn, timeout: 20_000 });
  await page.locator('path.skyline-task-route-current.skyline-task-route-selected').waitFor({ ...drawn, timeout: 60_000 });
  expect(await page.locator('path.skyline-task-route-selected').first().getAttribute('d')).toMatch(/^M\d+ \d+L/);

  // Pause from the card, confirmed: the aircraft reports it paused.
  const pause = section.getByRole('button', { name: '暂停' });
  await until(() => pause.isEnabled(), 60_000);
  await pause.click();
  const dialog = page.getByRole('dialog', { name: /^暂停 · / });
  await dialog.getByRole('button', { name: '确定' }).click();
  await section.getByText(/已暂停/).waitFor({ timeout: 30_000 });
  expect((await admin.data<{ progress: { status: string } }>('GET', `/Task/${task.id}/`)).progress.status).toBe('paused');
  await until(async () => !(await pause.isEnabled()) && (await section.getByRole('button', { name: '继续' }).isEnabled()));

  // The task's link: the task list holding that task, highlighted, its details open.
  await taskLink.click();
  await page.getByRole('dialog', { name }).waitFor({ timeout: 20_000 });
  expect(page.url()).toContain(`#/Task/UAV?id=${task.id}`);
  expect(await page.locator(`.MuiDataGrid-row.skyline-row-focused[data-id="${task.id}"]`).count()).toBe(1);
});
