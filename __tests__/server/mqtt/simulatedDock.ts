import { startSimulation, type Simulation, type SimulationOptions } from '../../../scripts/simulator';
import { ADMIN_PASSWORD, type TestServer } from './support';

/**
 * One simulated dock, parked with its aircraft, signed in to the test server as admin (workspace 1, no HMS noise):
 * what the capability suites fly against. `options` adds or overrides the simulator's settings.
 */
export function simulatedDock(server: TestServer, prefix: string, options: Partial<SimulationOptions> = {}): Promise<Simulation> {
  return startSimulation({
    url: server.wsUrl,
    api: `http://127.0.0.1:${server.port}`,
    user: 'admin',
    password: ADMIN_PASSWORD,
    gateways: 0,
    docks: 1,
    workspaceId: 1,
    rate: 5,
    hmsEverySeconds: 0,
    prefix,
    parked: true,
    ...options,
  });
}
