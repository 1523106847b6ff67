import type { Simulation } from '../../scripts/simulator';
import { until } from '../../__tests__/support/until';
import type { ApiClient } from './api';

/**
 * Takes a simulated dock's aircraft off to hover 20 m north of its dock, 20 m up, through the API (DRC and fly-to are
 * refused on the ground), once the simulator's accepted plan around the dock's circuit is in its window (a take-off
 * needs one); resolves once it hovers there.
 */
export async function takeOffToHover(api: ApiClient, simulation: Simulation, aircraftId: number): Promise<void> {
  const dock = simulation.gateways[0];
  const home = dock.plan.route[0];
  await simulation.planWindowsOpen();
  const takeoff = await api.call('POST', `/Device/${aircraftId}/takeoff/`, {
    lat: home.lat + 20 / 111_320,
    lng: home.lng,
    height: 40,
    security_takeoff_height: 20,
    commander_flight_height: 20,
    max_speed: 10,
    confirm_sn: dock.plan.aircraft.sn,
  });
  if (takeoff.status !== 200) throw new Error(`the take-off was refused: ${takeoff.status} ${JSON.stringify(takeoff.body)}`);
  await until(
    async () => (await api.data<{ progress?: { status: string } }>('GET', `/Device/${aircraftId}/flight/`)).progress?.status === 'wayline_ok',
    60_000,
    'the aircraft hovers',
  );
}
