import { installSimulatedBridge, type SimulatedBridgeOptions } from '../../../src/features/controller/simulatedBridge';
import { loggedInState, renderApp } from '../support/renderApp';
import type { Route } from '../support/testStore';
import { controllerRoutes } from './fixtures';

export interface InBridge {
  sim?: SimulatedBridgeOptions;
  routes?: Record<string, Route>;
  loggedIn?: boolean;
  project?: { id: number; name: string };
}

/** The app at `path` inside a simulated DJI bridge (answering at once), with the controller endpoints' demo answers. */
export function inBridge(path: string, { sim = {}, routes = controllerRoutes, loggedIn = false, project }: InBridge = {}) {
  const bridge = installSimulatedBridge({ connectDelayMs: 0, ...sim });
  const preloadedState = { ...(loggedIn ? loggedInState : {}), ...(project ? { project: { current: project, joiningId: null } } : {}) };
  return { bridge, ...renderApp(path, { routes, preloadedState }) };
}
