import { SimulatedWeatherProvider } from '../../server/mqtt/weather';
import type { ApiClient } from './api';

type Row = Record<string, unknown> & { id: number };
type LatLng = { lat: number; lng: number };

/**
 * A project whose weather (the server's deterministic simulated station, by project and place) is flyable for the
 * next minutes where the route starts: execute refuses unflyable weather, and the tests using it are about the flight.
 */
export async function projectWithFlyableWeather(api: ApiClient, at: LatLng): Promise<number> {
  const weather = new SimulatedWeatherProvider();
  const flyable = (id: number) =>
    [0, 60_000, 180_000].every((ahead) => weather.stationAt({ areaId: `project-${id}`, name: '', ...at }, Date.now() + ahead).flyable);
  // A new project without an area: the demo projects' areas do not hold the simulated dock's home.
  for (let i = 0; i < 30; i++) {
    const { id } = await api.data<Row>('POST', '/Project/', { name: `missions e2e ${i}`, status: 'active' });
    if (flyable(id)) return id;
  }
  throw new Error('no project with flyable simulated weather');
}

/**
 * The airspace a task flies in: an urgent (emergency, late) application of 0.01° around `home` that a reviewer
 * approves with a note, and an accepted plan for the task from a few seconds ahead (a window must start in the
 * future). Resolves with the plan and when its window opens (ms): dispatch waits for it.
 */
export async function acceptedPlanFor(
  api: ApiClient,
  flight: { home: LatLng; aircraftId: number; taskId: number; routeId: number },
): Promise<{ plan: Row; opensAt: number }> {
  const { home } = flight;
  const start = new Date(Date.now() + 15_000).toISOString();
  const end = new Date(Date.now() + 3_600_000).toISOString();
  const ring = [
    [home.lng - 0.01, home.lat - 0.01],
    [home.lng + 0.01, home.lat - 0.01],
    [home.lng + 0.01, home.lat + 0.01],
    [home.lng - 0.01, home.lat + 0.01],
    [home.lng - 0.01, home.lat - 0.01],
  ];
  const application = await api.data<Row>('POST', '/Airspace/Apply/', {
    device_id: flight.aircraftId,
    area: { type: 'Polygon', coordinates: [ring] },
    min_alt: 0,
    max_alt: 120,
    start_at: start,
    end_at: end,
    purpose: 'e2e mission',
    purpose_kind: 'emergency',
  });
  await api.data('POST', `/Airspace/Apply/${application.id}/submit/`, {});
  await api.data('POST', `/Airspace/Apply/${application.id}/approve/`, { note: '紧急巡检：当天放行' });
  const plan = await api.data<Row>('POST', '/Airspace/Plan/', {
    application_id: application.id,
    task_id: flight.taskId,
    route_id: flight.routeId,
    device_id: flight.aircraftId,
    planned_start_at: start,
    planned_end_at: end,
  });
  await api.data('POST', `/Airspace/Plan/${plan.id}/accept/`, {});
  return { plan, opensAt: Date.parse(start) };
}
