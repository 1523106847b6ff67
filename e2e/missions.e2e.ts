import type { Simulation } from '../scripts/simulator';
import { SimulatedWeatherProvider } from '../server/mqtt/weather';
import { adminApi } from './support/api';
import { signInAsAdmin, useBrowserSession } from './support/session';
import { simulateInProcess } from './support/simulator';

jest.setTimeout(180_000);

let simulation: Simulation | undefined;
const session = useBrowserSession({
  env: { MQTT_SYSINFO_INTERVAL_MS: '1000' },
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

/**
 * A project whose weather (the server's deterministic simulated station, by project and place) is flyable for the
 * next minutes where the route starts: execute refuses unflyable weather, and this test is about the flight.
 */
async function projectWithFlyableWeather(at: { lat: number; lng: number }): Promise<number> {
  const weather = new SimulatedWeatherProvider();
  const flyable = (id: number) =>
    [0, 60_000, 180_000].every((ahead) => weather.stationAt({ areaId: `project-${id}`, name: '', ...at }, Date.now() + ahead).flyable);
  // A new project without an area: the demo projects' areas do not hold the simulated dock's home.
  for (let i = 0; i < 30; i++) {
    const { id } = await api('POST', '/Project/', { name: `missions e2e ${i}`, status: 'active' });
    if (flyable(id)) return id;
  }
  throw new Error('no project with flyable simulated weather');
}

test('dispatch a task to a simulated dock and watch its progress reach 100 % in the task list', async () => {
  const { page, server } = session;
  const gateway = simulation!.gateways[0];
  const home = gateway.plan.route[0];
  const [aircraft] = (await api<{ items: Row[] }>('GET', `/Device/?search=${gateway.plan.aircraft.sn}`)).items;
  const projectId = await projectWithFlyableWeather(home);
  const waypoints = [0, 1, 2, 3].map((i) => ({ lat: home.lat + i * 0.0002, lng: home.lng + (i % 2) * 0.0002, alt: 20, speed: 12 }));
  const route = await api('POST', '/Route/', { project_id: projectId, name: 'E2E 任务航线', waypoints, settings: { rth_altitude: 20 } });
  const name = 'E2E 下发任务';
  const task = await api('POST', '/Task/', { name, project_id: projectId, route_id: route.id, device_id: aircraft.id, kind: 'inspection' });

  // The airspace it flies in: an urgent (emergency, late) application a reviewer approves with a note, and an
  // accepted plan for this task, from a few seconds ahead (a window must start in the future).
  const start = new Date(Date.now() + 15_000).toISOString();
  const end = new Date(Date.now() + 3_600_000).toISOString();
  const ring = [
    [home.lng - 0.01, home.lat - 0.01],
    [home.lng + 0.01, home.lat - 0.01],
    [home.lng + 0.01, home.lat + 0.01],
    [home.lng - 0.01, home.lat + 0.01],
    [home.lng - 0.01, home.lat - 0.01],
  ];
  const application = await api('POST', '/Airspace/Apply/', {
    device_id: aircraft.id,
    area: { type: 'Polygon', coordinates: [ring] },
    min_alt: 0,
    max_alt: 120,
    start_at: start,
    end_at: end,
    purpose: 'e2e mission',
    purpose_kind: 'emergency',
  });
  await api('POST', `/Airspace/Apply/${application.id}/submit/`, {});
  await api('POST', `/Airspace/Apply/${application.id}/approve/`, { note: '紧急巡检：当天放行' });
  const plan = await api('POST', '/Airspace/Plan/', {
    application_id: application.id,
    task_id: task.id,
    route_id: route.id,
    device_id: aircraft.id,
    planned_start_at: start,
    planned_end_at: end,
  });
  await api('POST', `/Airspace/Plan/${plan.id}/accept/`, {});
  // The plan covers the flight from its start time on: wait for the clock to get there.
  await page.waitForTimeout(Math.max(0, Date.parse(start) - Date.now() + 500));

  await signInAsAdmin(page, server);
  await page.goto(`${server.url}#/Task/UAV`);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor({ timeout: 20_000 });

  // Execute, confirmed; the button stays busy until the device has answered prepare and execute.
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
