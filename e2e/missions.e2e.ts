import type { Simulation } from '../scripts/simulator';
import { adminApi } from './support/api';
import { acceptedPlanFor } from './support/missions';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';

jest.setTimeout(180_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  // A calm sky: the dispatch's weather check passes whatever the simulated station would say now.
  env: { MQTT_SYSINFO_INTERVAL_MS: '1000', WEATHER: 'calm' },
  viewport: { width: 1700, height: 900 },
  // One dock whose aircraft waits on the ground until a mission is dispatched to it.
  afterServer: async (server) => {
    simulation = await simulateInProcess(server, { docks: 1, prefix: 'E2EM', parked: true });
  },
});
afterAll(() => simulation?.stop());

type Row = Record<string, unknown> & { id: number };
const admin = adminApi(() => session.server);
const api = <T = Row>(method: 'GET' | 'POST', path: string, body?: unknown) => admin.data<T>(method, path, body);

test('dispatch a task to a simulated dock and watch its progress reach 100 % in the task list', async () => {
  const { page, server } = session;
  const gateway = simulation!.gateways[0];
  const home = gateway.plan.route[0];
  const [aircraft] = (await api<{ items: Row[] }>('GET', `/Device/?search=${gateway.plan.aircraft.sn}`)).items;
  // A new project without an area: the demo projects' areas do not hold the simulated dock's home.
  const { id: projectId } = await api('POST', '/Project/', { name: 'missions e2e', status: 'active' });
  const waypoints = [0, 1, 2, 3].map((i) => ({ lat: home.lat + i * 0.0002, lng: home.lng + (i % 2) * 0.0002, alt: 20, speed: 12 }));
  const route = await api('POST', '/Route/', { project_id: projectId, name: 'E2E 任务航线', waypoints, settings: { rth_altitude: 20 } });
  const name = 'E2E 下发任务';
  const task = await api('POST', '/Task/', { name, project_id: projectId, route_id: route.id, device_id: aircraft.id, kind: 'inspection' });
  // The airspace it flies in; the plan's window opens while the browser signs in.
  const { windowOpen } = await acceptedPlanFor(admin, { home, aircraftId: aircraft.id, taskId: task.id, routeId: route.id });

  await signInAsAdmin(page, server);
  await page.goto(`${server.url}#/Task/UAV`);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor({ timeout: 20_000 });

  // Execute, confirmed; the button stays busy until the device has answered prepare and execute.
  await windowOpen;
  await row.getByRole('button', { name: `${name} 的操作` }).click();
  await page.getByRole('menuitem', { name: '执行' }).click();
  const confirm = page.getByRole('dialog', { name: `执行 · ${name}` });
  await confirm.getByRole('button', { name: '确定' }).click();
  await row
    .getByText(/已下发|执行中/)
    .first()
    .waitFor({ timeout: 20_000 });

  // Progress arrives live (sysinfo/task) while the aircraft flies, up to 100 % and done.
  const progress = row.getByTestId('task-progress');
  await page.waitForFunction(
    (el) => Number(el?.getAttribute('data-percent')) > 0 && Number(el?.getAttribute('data-percent')) < 100,
    await progress.elementHandle(),
    { timeout: 60_000 },
  );
  await row.getByText(/100%\s·\s已完成/).waitFor({ timeout: 90_000 });
  await row.getByText('已完成').first().waitFor();
});
