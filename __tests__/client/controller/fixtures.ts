import { demoUser } from '../support/renderApp';
import type { Route } from '../support/testStore';

/** Demo answers of the controller endpoints (projects and routes around Shenzhen). */
export const djiconf = {
  appId: '125318',
  appKey: 'demo-key',
  appLicense: 'demo-license',
  platformName: '天际智能巡检系统',
  workspaceName: '深圳巡检',
  workspaceId: 'e3dea0f5-37f2-4d79-ae58-490af3228069',
  mqttHost: 'ws://127.0.0.1:8080/mqtt',
  mqttUsername: 'pilot',
};

export const controllerRoutes: Record<string, Route> = {
  'GET /djiconf/1/': () => djiconf,
  'POST /auth/login/': () => ({ token: 'tok-123', expiresAt: 'x', user: demoUser }),
  'GET /Project/': () => ({
    items: [
      { id: 7, name: '深圳湾巡检' },
      { id: 8, name: '南山电力线' },
    ],
    total: 2,
  }),
  'GET /Project/7/': () => ({ id: 7, name: '深圳湾巡检', area: 'Nanshan' }),
  'GET /Task/': () => ({ items: [{ id: 31, name: '海岸线巡查', route_id: 11, status: 'scheduled' }], total: 1 }),
  'GET /Route/11/': () => ({
    id: 11,
    name: '海岸线',
    waypoints: [
      { lat: 22.51, lng: 113.94, alt: 80 },
      { lat: 22.52, lng: 113.96, alt: 80 },
    ],
    length_m: 2300,
    duration_s: 420,
  }),
};
