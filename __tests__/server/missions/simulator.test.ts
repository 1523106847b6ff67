import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { TOPIC_TASK, type TaskLive } from '@shared/entities/task';
import { loadSigningSecret } from '../../../server/auth/tokens';
import { signWaylineToken } from '../../../server/entities/task/waylineLink';
import { ServiceError } from '../../../server/mqtt/gateway/service';
import type { Simulation } from '../../../scripts/simulator';
import { simulatedDock } from '../mqtt/simulatedDock';
import { PREPARE_REFUSED, type MissionFaults } from '../../../scripts/simulator/mission';
import { api } from '../mqtt/dji';
import { connect, end, loginToken, nextMessage, onlineWhere, startServer, subscribe, type TestServer } from '../mqtt/support';
import { acceptedPlan, TestWeather } from './fixtures';

/** A short wayline at low height, so a whole mission (take-off to landing) takes a few seconds of real time. */
const waypointsNear = (home: { lat: number; lng: number }) =>
  [0, 1, 2, 3].map((i) => ({ lat: home.lat + i * 0.0002, lng: home.lng + (i % 2) * 0.0002, alt: 20, speed: 15 }));

describe('the simulator flies dispatched missions', () => {
  let server: TestServer;
  let token: string;
  let viewer: MqttClient;
  const simulations: Simulation[] = [];

  /** A parked simulated dock with its aircraft, a route next to it and a task for that aircraft with a flight plan. */
  async function missionFor(prefix: string, faults: MissionFaults = {}) {
    const simulation = await simulatedDock(server, prefix, { faults });
    simulations.push(simulation);
    const [gateway] = simulation.gateways;
    const aircraft = await server.app.db.selectFrom('devices').select('id').where('serial', '=', gateway.plan.aircraft.sn).executeTakeFirstOrThrow();
    const home = gateway.plan.route[0];
    // A project of its own without an area: routes must lie inside their project's area, and the demo projects' are elsewhere.
    const projectId = (await api(server, token, 'POST', '/api/Project/', { name: `sim ${prefix}`, status: 'active' })).data.id as number;
    const route = await api(server, token, 'POST', '/api/Route/', {
      project_id: projectId,
      name: `sim ${prefix}`,
      waypoints: waypointsNear(home),
      settings: { rth_altitude: 20 },
    });
    expect(route.status).toBe(200);
    const task = await api(server, token, 'POST', '/api/Task/', {
      name: `sim ${prefix}`,
      project_id: projectId,
      route_id: route.data.id,
      device_id: aircraft.id,
      kind: 'inspection',
    });
    const taskId = task.data.id as number;
    await acceptedPlan(server.app.db, { deviceId: aircraft.id, taskId, routeId: route.data.id as number });
    // The aircraft is online once its first OSD arrived.
    await nextMessage(
      viewer,
      'sysinfo/online',
      10_000,
      onlineWhere((statuses) => gateway.plan.aircraft.sn in statuses),
    );
    return { gateway, taskId };
  }
  const live = (taskId: number, predicate: (l: TaskLive) => boolean, timeoutMs = 30_000) =>
    nextMessage(viewer, TOPIC_TASK, timeoutMs, (p) => (p as TaskLive).task_id === taskId && predicate(p as TaskLive)).then((m) => m.payload as TaskLive);

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 500, deviceTimeoutMs: 60_000 }, { TASK_SCHEDULER_INTERVAL_MS: '0' }, { weather: new TestWeather() });
    token = await loginToken(server);
    viewer = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    await subscribe(viewer, TOPIC_TASK);
    await subscribe(viewer, 'sysinfo/online');
  });
  afterAll(async () => {
    await Promise.all(simulations.map((s) => s.stop()));
    await end(viewer);
    await server?.close();
  });

  it('downloads and checks the KMZ, flies every waypoint reporting progress, lands, and the task is done', async () => {
    const { taskId, gateway } = await missionFor('SIMA');
    const seen: TaskLive[] = [];
    viewer.on('message', (topic, payload) => {
      if (topic === TOPIC_TASK) seen.push(JSON.parse(payload.toString()) as TaskLive);
    });
    const done = live(taskId, (l) => l.status === 'done');
    expect((await api(server, token, 'POST', `/api/Task/${taskId}/execute/`)).status).toBe(200);
    expect(await done).toMatchObject({ progress: { status: 'ok', percent: 100 } });
    const mine = seen.filter((l) => l.task_id === taskId && l.progress?.status === 'in_progress');
    const percents = mine.map((l) => l.progress!.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(mine.map((l) => l.progress!.waypoint_index)).size).toBeGreaterThan(1);
    expect(gateway.servicesReceived).toEqual(expect.arrayContaining(['flighttask_prepare', 'flighttask_execute']));
  });

  it('answers a prepare whose fingerprint does not match the file with a non-zero result', async () => {
    const { gateway, taskId } = await missionFor('SIMB');
    const executed = await api(server, token, 'POST', `/api/Task/${taskId}/execute/`);
    const prepare = {
      flight_id: 'wrong-md5',
      execute_time: Date.now(),
      task_type: 0,
      wayline_type: 0,
      rth_altitude: 20,
      out_of_control_action: 0,
      exit_wayline_when_rc_lost: 1,
    };
    expect(executed.status).toBe(200);
    // A valid link to the dispatched file, with another fingerprint.
    const claims = { task: taskId, flight: executed.data.flight_id as string, gw: gateway.sn, exp: Math.floor(Date.now() / 1000) + 60 };
    const url = `http://127.0.0.1:${server.port}/api/Task/${taskId}/wayline.kmz?token=${signWaylineToken(await loadSigningSecret(server.app.db), claims)}`;
    expect((await fetch(url)).status).toBe(200);
    const wrong = server.app.mqtt!.gateway.sendService(gateway.sn, 'flighttask_prepare', { ...prepare, file: { url, fingerprint: '0'.repeat(32) } });
    await expect(wrong).rejects.toMatchObject({ result: PREPARE_REFUSED });
    await expect(wrong).rejects.toBeInstanceOf(ServiceError);
    await live(taskId, (l) => l.status === 'done');
  });

  it('obeys pause, resume and return home; the task ends partially done', async () => {
    const { taskId } = await missionFor('SIMC');
    const flying = live(taskId, (l) => l.progress?.status === 'in_progress');
    await api(server, token, 'POST', `/api/Task/${taskId}/execute/`);
    await flying;
    const paused = live(taskId, (l) => l.progress?.status === 'paused');
    expect((await api(server, token, 'POST', `/api/Task/${taskId}/pause/`)).status).toBe(200);
    const atPause = (await paused).progress!.percent;
    const resumed = live(taskId, (l) => l.progress?.status === 'in_progress');
    expect((await api(server, token, 'POST', `/api/Task/${taskId}/resume/`)).status).toBe(200);
    expect((await resumed).progress!.percent).toBeGreaterThanOrEqual(atPause);
    const ended = live(taskId, (l) => l.status !== 'running');
    expect((await api(server, token, 'POST', `/api/Task/${taskId}/return_home/`)).status).toBe(200);
    expect(await ended).toMatchObject({ status: 'done', progress: { status: 'partially_done' } });
  });

  it('can be told to refuse prepare, or to lose the RC link mid-flight', async () => {
    const refusing = await missionFor('SIMD', { refusePrepare: true });
    expect(await api(server, token, 'POST', `/api/Task/${refusing.taskId}/execute/`)).toMatchObject({
      status: 502,
      error_code: 'mission.device_refused',
      params: { result: PREPARE_REFUSED },
    });
    const rcLost = await missionFor('SIME', { rcLostAt: 0.3 });
    const failed = live(rcLost.taskId, (l) => l.status === 'failed');
    await api(server, token, 'POST', `/api/Task/${rcLost.taskId}/execute/`);
    expect(await failed).toMatchObject({ progress: { status: 'failed' }, dispatch_error: 'The flight task ended failed' });
  });
});
