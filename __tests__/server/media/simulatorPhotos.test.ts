import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { TOPIC_TASK, type TaskLive } from '@shared/entities/task';
import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { until } from '../../support/until';
import { api } from '../mqtt/dji';
import { connect, end, loginToken, nextMessage, onlineWhere, startServer, subscribe, type TestServer } from '../mqtt/support';
import { acceptedPlan, TestWeather } from '../missions/fixtures';

describe('the simulated dock uploads the photos of its wayline', () => {
  let server: TestServer;
  let token: string;
  let viewer: MqttClient;
  let simulation: Simulation | undefined;

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 500, deviceTimeoutMs: 60_000 }, { TASK_SCHEDULER_INTERVAL_MS: '0' }, { weather: new TestWeather() });
    token = await loginToken(server);
    viewer = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    await subscribe(viewer, TOPIC_TASK);
    await subscribe(viewer, 'sysinfo/online');
  }, 120_000);
  afterAll(async () => {
    await simulation?.stop();
    await end(viewer);
    await server?.close();
  });

  it('takes a real DJI JPEG at each takePhoto waypoint, puts it in the store with storage_config_get’s key, and calls back', async () => {
    simulation = await simulatedDock(server, 'SIMPH');
    const [gateway] = simulation.gateways;
    const aircraft = await server.app.db.selectFrom('devices').select('id').where('serial', '=', gateway.plan.aircraft.sn).executeTakeFirstOrThrow();
    const home = gateway.plan.route[0];
    const projectId = (await api(server, token, 'POST', '/api/Project/', { name: 'sim photos', status: 'active' })).data.id as number;
    // Photos at the second, third and fourth waypoints.
    const waypoints = [0, 1, 2, 3].map((i) => ({
      lat: home.lat + i * 0.0002,
      lng: home.lng + (i % 2) * 0.0002,
      alt: 20,
      speed: 15,
      actions: i > 0 ? [{ type: 'takePhoto' }] : [],
    }));
    const route = await api(server, token, 'POST', '/api/Route/', { project_id: projectId, name: 'sim photos', waypoints, settings: { rth_altitude: 20 } });
    expect(route.status).toBe(200);
    const task = await api(server, token, 'POST', '/api/Task/', {
      name: 'sim photos',
      project_id: projectId,
      route_id: route.data.id,
      device_id: aircraft.id,
      kind: 'inspection',
    });
    const taskId = task.data.id as number;
    await acceptedPlan(server.app.db, { deviceId: aircraft.id, taskId, routeId: route.data.id as number });
    await nextMessage(
      viewer,
      'sysinfo/online',
      10_000,
      onlineWhere((statuses) => gateway.plan.aircraft.sn in statuses),
    );
    const done = nextMessage(viewer, TOPIC_TASK, 60_000, (p) => (p as TaskLive).task_id === taskId && (p as TaskLive).status === 'done');
    expect((await api(server, token, 'POST', `/api/Task/${taskId}/execute/`)).status).toBe(200);
    await done;
    const listed = async () => (await api(server, token, 'GET', `/api/Media/?task_id=${taskId}&ordering=taken_at`)).data.items ?? [];
    // The dock uploads after each photo, one after the other: the list fills as the callbacks are applied.
    await until(async () => (await listed()).length === 3, 30_000, 'three photos listed');
    const items = await listed();
    for (const [i, item] of items.entries()) {
      const waypoint = waypoints[i + 1];
      expect(item).toMatchObject({
        type: 'photo',
        lens: 'ir',
        device_sn: gateway.plan.aircraft.sn,
        project_id: projectId,
        relative_alt: 20,
        gimbal_pitch: -90,
      });
      // From the rewritten XMP: where the aircraft was when it took it.
      expect(item.lat).toBeCloseTo(waypoint.lat, 6);
      expect(item.lng).toBeCloseTo(waypoint.lng, 6);
      expect(Math.abs(Date.parse(item.taken_at as string) - Date.now())).toBeLessThan(120_000);
    }
  }, 150_000);
});
