import type { ApiClient } from './api';

type Row = Record<string, unknown> & { id: number };
type LatLng = { lat: number; lng: number };

/**
 * How far ahead of its filing a plan's window opens: the rules want the application's start in the future when it is
 * saved and when it is submitted, so this only covers those two calls.
 */
const PLAN_LEAD_MS = 3_000;

/**
 * The airspace a task flies in: an urgent (emergency, late) application of 0.01° around `home` that a reviewer
 * approves with a note, and an accepted plan for the task from PLAN_LEAD_MS ahead (a window must start in the
 * future). Resolves with the plan and `windowOpen`, which resolves when the window opens: a dispatch awaits it (file
 * the plan before the browser's sign-in, and the window is open by the time the test clicks).
 */
export async function acceptedPlanFor(
  api: ApiClient,
  flight: { home: LatLng; aircraftId: number; taskId: number; routeId: number },
): Promise<{ plan: Row; windowOpen: Promise<void> }> {
  const { home } = flight;
  const opensAt = Date.now() + PLAN_LEAD_MS;
  const start = new Date(opensAt).toISOString();
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
  const windowOpen = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now())));
  return { plan, windowOpen };
}
