import { createHash, randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { Envelope } from '@shared/dji/envelope';
import type { FlighttaskPrepare } from '@shared/dji/flighttask';
import { replyTopic, servicesTopic } from '@shared/dji/topics';
import { TOPIC_TASK, type TaskLive } from '@shared/entities/task';
import { TaskScheduler } from '../../../server/entities/task/scheduler';
import { assertPostgres, dropSchema, PG_URL, type Dialect } from '../api/harness';
import { aircraft, aircraftOsd, api, DOCK, registerDock, TestGateway } from '../mqtt/dji';
import { square } from '../conformance/fixtures';
import { acceptedPlan, TestWeather } from './fixtures';
import { connect, end, loginToken, nextMessage, recordMessages, startServer, subscribe, type TestServer } from '../mqtt/support';

/** What the fake device answers to a service: a result code, or no answer at all (a timeout). */
type Answer = number | 'silent' | ((data: Record<string, unknown>) => Promise<number>);

/** Answers the services the platform sends a test gateway, by method (ok by default), and records them. */
function deviceAnswers(gateway: TestGateway) {
  const answers = new Map<string, Answer>();
  const received: Array<{ method: string; data: Record<string, unknown> }> = [];
  gateway.client.on('message', (topic, payload) => {
    // A recordMessages marker (plain text) is no service.
    if (topic !== servicesTopic(gateway.sn) || !payload.toString().startsWith('{')) return;
    const message = JSON.parse(payload.toString()) as Envelope;
    const method = message.method ?? '';
    received.push({ method, data: message.data as Record<string, unknown> });
    const answer = answers.get(method) ?? 0;
    if (answer === 'silent') return;
    void (typeof answer === 'function' ? answer(message.data as Record<string, unknown>) : Promise.resolve(answer)).then((result) =>
      gateway.client.publish(replyTopic(servicesTopic(gateway.sn)), JSON.stringify({ ...message, timestamp: Date.now(), data: { result } }), { qos: 1 }),
    );
  });
  return { answers, received, methods: () => received.map((r) => r.method) };
}

const ROUTE = {
  name: 'Dispatch route',
  waypoints: [
    { lat: 22.6, lng: 114.1, alt: 60, speed: 8 },
    { lat: 22.601, lng: 114.101, alt: 60, speed: 8 },
    { lat: 22.602, lng: 114.1, alt: 60, speed: 8 },
  ],
};

/** Dispatch, progress, commands and the scheduler against the embedded broker and a fake dock, on one database dialect. */
export function runDispatchSuite(dialect: Dialect): void {
  let server: TestServer;
  let schema: string | undefined;
  let token: string;
  let dock: TestGateway;
  let device: ReturnType<typeof deviceAnswers>;
  const DOCK_SN = `DOCK-M${dialect === 'sqlite' ? 'S' : 'P'}`;
  let viewer: MqttClient;
  let projectId: number;
  let routeId: number;
  let aircraftId: number;
  const weather = new TestWeather();
  const AIRCRAFT = `AC-M${dialect === 'sqlite' ? 'S' : 'P'}1`;
  const db = () => server.app.db;

  const newTask = async (extra: Record<string, unknown> = {}) => {
    const created = await api(server, token, 'POST', '/api/Task/', {
      name: `t-${randomBytes(3).toString('hex')}`,
      project_id: projectId,
      route_id: routeId,
      device_id: aircraftId,
      kind: 'inspection',
      ...extra,
    });
    expect(created.status).toBe(200);
    return created.data.id as number;
  };
  const planFor = (taskId: number) => acceptedPlan(db(), { deviceId: aircraftId, taskId, routeId });
  const task = async (id: number) => (await api(server, token, 'GET', `/api/Task/${id}/`)).data;
  const osd = async (extra: Record<string, unknown> = {}) => {
    dock.osd(AIRCRAFT, aircraftOsd({ mode_code: 0, ...extra }));
    await dock.flush();
  };
  const progress = (flightId: string, status: string, percent: number, waypoint: number) =>
    dock.event('flighttask_progress', {
      result: 0,
      output: { status, progress: { percent, current_step: 1 }, ext: { flight_id: flightId, current_waypoint_index: waypoint } },
    });
  const nextTaskLive = (taskId: number, predicate: (live: TaskLive) => boolean) =>
    nextMessage(viewer, TOPIC_TASK, 5000, (p) => (p as TaskLive).task_id === taskId && predicate(p as TaskLive)).then((m) => m.payload as TaskLive);

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { TASK_SCHEDULER_INTERVAL_MS: '0', MISSION_REPLY_TIMEOUT_MS: '1500' };
    if (dialect === 'postgres') {
      await assertPostgres();
      schema = `missions_${process.pid}_${randomBytes(4).toString('hex')}`;
      env.DATABASE_URL = `${PG_URL}?schema=${schema}`;
    }
    server = await startServer({ sysinfoIntervalMs: 60_000, deviceTimeoutMs: 60_000 }, env, { weather });
    token = await loginToken(server);
    projectId = (await api(server, token, 'POST', '/api/Project/', { name: `missions-${dialect}`, status: 'active' })).data.id as number;
    const route = await api(server, token, 'POST', '/api/Route/', { ...ROUTE, project_id: projectId });
    expect(route.status).toBe(200);
    routeId = route.data.id as number;
    const { secret } = await registerDock(server, token, DOCK_SN);
    dock = await TestGateway.connect(server.wsUrl, DOCK_SN, DOCK_SN, secret);
    device = deviceAnswers(dock);
    viewer = await connect(server.wsUrl, { clientId: `web_${randomBytes(4).toString('hex')}`, username: 'admin', password: token });
    expect(await subscribe(viewer, TOPIC_TASK)).toBe(0);
  });
  afterAll(async () => {
    await dock?.end();
    await end(viewer);
    await server?.close();
    if (schema) await dropSchema(schema);
  });

  it('refuses execute with a 409 reason while the aircraft is not connected, and changes nothing', async () => {
    // The dock declares the aircraft (which registers it), then reports it gone.
    await dock.topo(DOCK, [aircraft(AIRCRAFT)]);
    aircraftId = (await db().selectFrom('devices').select('id').where('serial', '=', AIRCRAFT).executeTakeFirstOrThrow()).id;
    await dock.topo(DOCK, []);
    const id = await newTask();
    const services = recordMessages(dock.client, servicesTopic(DOCK_SN));
    const refused = await api(server, token, 'POST', `/api/Task/${id}/execute/`);
    expect(refused).toMatchObject({ status: 409, error_code: 'mission.not_bound', params: { sn: AIRCRAFT } });
    expect(await task(id)).toMatchObject({ status: 'pending', flight_id: null, progress: null });
    // Nothing reached the device before the marker the server sends after the refusal.
    expect(await services.untilMarker(server)).toEqual([]);
    expect(device.received).toHaveLength(0);
  });

  it('refuses a low battery, unflyable weather and a missing flight plan, in that order', async () => {
    await dock.topo(DOCK, [aircraft(AIRCRAFT)]);
    const id = await newTask();
    const services = recordMessages(dock.client, servicesTopic(DOCK_SN));
    await osd({ battery: { capacity_percent: 5, remain_flight_time: 60 } });
    const low = await api(server, token, 'POST', `/api/Task/${id}/execute/`);
    expect(low).toMatchObject({ status: 409, error_code: 'mission.battery_low', params: { battery: 5 } });
    // 66 % covers the short route at the aircraft's position, not with 9 km to fly there and back (the whole flight).
    await osd({ latitude: 22.6 - 9 / 111.32 });
    const far = await api(server, token, 'POST', `/api/Task/${id}/execute/`);
    expect(far).toMatchObject({ status: 409, error_code: 'mission.battery_low', params: { battery: 66 } });
    expect((far as unknown as { params: { needed: number } }).params.needed).toBeGreaterThan(66);
    await osd();
    weather.reasons = ['wind'];
    expect(await api(server, token, 'POST', `/api/Task/${id}/execute/`)).toMatchObject({
      status: 409,
      error_code: 'mission.weather',
      params: { reasons: 'wind' },
    });
    weather.reasons = [];
    expect(await api(server, token, 'POST', `/api/Task/${id}/execute/`)).toMatchObject({ status: 409, error_code: 'mission.no_plan' });
    expect(await task(id)).toMatchObject({ status: 'pending', flight_id: null });
    expect(await services.untilMarker(server)).toEqual([]);
    expect(device.received).toHaveLength(0);
  });

  it('refuses a transit to the route that leaves the approved area of the plan, with the leg and the plan', async () => {
    const id = await newTask();
    // A plan filed earlier for the route alone holds the whole transit; the task flies under the one filed for it.
    await acceptedPlan(db(), { deviceId: aircraftId, taskId: null, routeId, area: square(114, 22.5, 114.2, 22.7) });
    // Approved: the route and 110 m around it; the aircraft waits 550 m south of the first waypoint.
    const planId = await acceptedPlan(db(), { deviceId: aircraftId, taskId: id, routeId, area: square(114.099, 22.599, 114.102, 22.603) });
    await osd({ latitude: 22.595 });
    const services = recordMessages(dock.client, servicesTopic(DOCK_SN));
    const refused = await api(server, token, 'POST', `/api/Task/${id}/execute/`);
    expect(refused).toMatchObject({ status: 409, error_code: 'mission.transit_outside_area', params: { leg: 'out', plan_id: planId } });
    expect(await task(id)).toMatchObject({ status: 'pending', flight_id: null, progress: null });
    expect(await services.untilMarker(server)).toEqual([]);
    // Once the aircraft is inside the area, the same plan lets the task fly.
    await osd({ latitude: 22.5995 });
    expect(await api(server, token, 'POST', `/api/Task/${id}/execute/`)).toMatchObject({ status: 200, data: { status: 'running' } });
    expect(device.methods().slice(-2)).toEqual(['flighttask_prepare', 'flighttask_execute']);
  });

  it('counts the way back from the last waypoint to the dock: refuses a battery that would not bring it home, and a way home leaving the area', async () => {
    const id = await newTask();
    // Approved: the route and about 2 km around it.
    const planId = await planFor(id);
    const dockAt = async (latitude: number) => {
      dock.osd(DOCK_SN, { latitude, longitude: 114.1, mode_code: 0 });
      await dock.flush();
    };
    const execute = () => api(server, token, 'POST', `/api/Task/${id}/execute/`);
    // The aircraft waits at the first waypoint (no way out) with 66 %, which the route alone leaves plenty of.
    await osd();
    const services = recordMessages(dock.client, servicesTopic(DOCK_SN));
    // Its dock 15 km north of the route's end: the way home is the whole transit, and 66 % does not cover it.
    await dockAt(22.602 + 15 / 111.32);
    const far = await execute();
    expect(far).toMatchObject({ status: 409, error_code: 'mission.battery_low', params: { battery: 66 } });
    const farNeeds = (far as unknown as { params: { needed: number } }).params.needed;
    expect(farNeeds).toBeGreaterThan(66);
    // 3 km north: the battery covers it (less needed, by the shorter way home), but the way home leaves the plan's area.
    await dockAt(22.602 + 3 / 111.32);
    expect(await execute()).toMatchObject({ status: 409, error_code: 'mission.transit_outside_area', params: { leg: 'back', plan_id: planId } });
    expect(await task(id)).toMatchObject({ status: 'pending', flight_id: null, progress: null });
    expect(await services.untilMarker(server)).toEqual([]);
    // The dock at the first waypoint: nothing stands in the way home.
    await dockAt(22.6);
    expect(await execute()).toMatchObject({ status: 200, data: { status: 'running' } });
    expect(device.methods().slice(-2)).toEqual(['flighttask_prepare', 'flighttask_execute']);
  });

  it('dispatches: prepare with the signed KMZ URL and its md5, execute, then progress drives the task to done, pushed live', async () => {
    const id = await newTask();
    await planFor(id);
    await osd();
    let downloaded: { status: number; md5: string } | undefined;
    device.answers.set('flighttask_prepare', async (data) => {
      const prepare = data as unknown as FlighttaskPrepare;
      const response = await fetch(prepare.file.url);
      downloaded = {
        status: response.status,
        md5: createHash('md5')
          .update(Buffer.from(await response.arrayBuffer()))
          .digest('hex'),
      };
      return downloaded.md5 === prepare.file.fingerprint ? 0 : 316_001;
    });
    const sentLive = nextTaskLive(id, (l) => l.progress?.status === 'sent');
    const executed = await api(server, token, 'POST', `/api/Task/${id}/execute/`);
    expect(executed).toMatchObject({ status: 200, data: { status: 'running', progress: { status: 'sent', percent: 0 }, dispatch_error: null } });
    await sentLive;
    expect(downloaded?.status).toBe(200);
    const flightId = executed.data.flight_id as string;
    const [prepare, execute] = device.received.slice(-2);
    expect(prepare).toMatchObject({
      method: 'flighttask_prepare',
      data: {
        flight_id: flightId,
        task_type: 0,
        wayline_type: 0,
        rth_altitude: 100,
        out_of_control_action: 0,
        exit_wayline_when_rc_lost: 1,
        file: { fingerprint: downloaded!.md5 },
      },
    });
    expect(execute).toEqual({ method: 'flighttask_execute', data: { flight_id: flightId } });

    // The URL serves only this dispatch: a changed token, or another task's id, is refused.
    const url = new URL((prepare.data as unknown as FlighttaskPrepare).file.url);
    const tampered = `${url.origin}${url.pathname}?token=${url.searchParams.get('token')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect((await fetch(tampered)).status).toBe(403);
    const otherTask = `${url.origin}/api/Task/${id + 1000}/wayline.kmz${url.search}`;
    expect((await fetch(otherTask)).status).toBe(403);

    const halfway = nextTaskLive(id, (l) => l.progress?.percent === 50);
    expect((await progress(flightId, 'in_progress', 50, 1)).data.result).toBe(0);
    expect(await halfway).toMatchObject({ status: 'running', progress: { status: 'in_progress', percent: 50, waypoint_index: 1 } });
    const finished = nextTaskLive(id, (l) => l.status === 'done');
    await progress(flightId, 'ok', 100, 2);
    expect(await finished).toMatchObject({ progress: { percent: 100, waypoint_index: 2 } });
    expect(await task(id)).toMatchObject({ status: 'done', finished_at: expect.any(String), progress: { status: 'ok', percent: 100 } });
    // A late event does not revive it.
    await progress(flightId, 'in_progress', 60, 1);
    expect(await task(id)).toMatchObject({ status: 'done', progress: { percent: 100 } });
  });

  it('acknowledges and ignores progress of an unknown flight', async () => {
    const before = server.app.missions!.stats.unknownFlights;
    expect((await progress('no-such-flight', 'in_progress', 10, 0)).data.result).toBe(0);
    expect(server.app.missions!.stats.unknownFlights).toBe(before + 1);
  });

  it('fails the task with the reason when the device refuses prepare or does not answer execute', async () => {
    const refusedId = await newTask();
    await planFor(refusedId);
    await osd();
    device.answers.set('flighttask_prepare', 316_005);
    const refused = await api(server, token, 'POST', `/api/Task/${refusedId}/execute/`);
    expect(refused).toMatchObject({ status: 502, error_code: 'mission.device_refused', params: { method: 'flighttask_prepare', result: 316005 } });
    expect(await task(refusedId)).toMatchObject({ status: 'failed', dispatch_error: 'The device refused flighttask_prepare (result 316005)' });
    expect(device.methods().at(-1)).toBe('flighttask_prepare');

    const silentId = await newTask();
    await planFor(silentId);
    device.answers.set('flighttask_prepare', 0);
    device.answers.set('flighttask_execute', 'silent');
    const timedOut = await api(server, token, 'POST', `/api/Task/${silentId}/execute/`);
    expect(timedOut).toMatchObject({ status: 504, error_code: 'mission.device_timeout', params: { method: 'flighttask_execute' } });
    expect(await task(silentId)).toMatchObject({ status: 'failed', dispatch_error: 'The device did not answer flighttask_execute in time' });
    device.answers.delete('flighttask_execute');
    // A failed task can be retried from scratch.
    expect((await api(server, token, 'POST', `/api/Task/${silentId}/retry/`)).data).toMatchObject({ status: 'pending', flight_id: null, dispatch_error: null });
  });

  it('pauses, resumes and sends home a flying task; withdraws one not yet started; refuses what does not apply', async () => {
    device.answers.set('flighttask_prepare', 0);
    const id = await newTask();
    await planFor(id);
    await osd();
    const flightId = (await api(server, token, 'POST', `/api/Task/${id}/execute/`)).data.flight_id as string;
    expect(await api(server, token, 'POST', `/api/Task/${id}/pause/`)).toMatchObject({ status: 409, error_code: 'mission.command_not_applicable' });
    await progress(flightId, 'in_progress', 10, 0);
    expect((await api(server, token, 'POST', `/api/Task/${id}/pause/`)).status).toBe(200);
    expect(device.methods().at(-1)).toBe('flighttask_pause');
    await progress(flightId, 'paused', 10, 0);
    expect((await api(server, token, 'POST', `/api/Task/${id}/pause/`)).status).toBe(409);
    expect((await api(server, token, 'POST', `/api/Task/${id}/resume/`)).status).toBe(200);
    expect(device.methods().at(-1)).toBe('flighttask_recovery');
    await progress(flightId, 'in_progress', 20, 1);
    expect(await api(server, token, 'POST', `/api/Task/${id}/cancel/`)).toMatchObject({ status: 409, error_code: 'mission.cancel_in_flight' });
    device.answers.set('return_home', 'silent');
    expect(await api(server, token, 'POST', `/api/Task/${id}/return_home/`)).toMatchObject({ status: 504, error_code: 'mission.device_timeout' });
    device.answers.set('return_home', 0);
    expect((await api(server, token, 'POST', `/api/Task/${id}/return_home/`)).status).toBe(200);
    expect(device.methods().at(-1)).toBe('return_home');

    const waiting = await newTask();
    await planFor(waiting);
    const waitingFlight = (await api(server, token, 'POST', `/api/Task/${waiting}/execute/`)).data.flight_id as string;
    expect((await api(server, token, 'POST', `/api/Task/${waiting}/cancel/`)).data).toMatchObject({ status: 'cancelled' });
    expect(device.received.at(-1)).toEqual({ method: 'flighttask_undo', data: { flight_ids: [waitingFlight] } });
  });

  it('dispatches a due timed task once even with two schedulers on the same database', async () => {
    const due = new Date(Date.now() + 1_000).toISOString();
    const id = await newTask({ scheduled_at: due });
    await planFor(id);
    expect((await api(server, token, 'POST', `/api/Task/${id}/schedule/`)).data).toMatchObject({ status: 'scheduled' });
    await db()
      .updateTable('tasks')
      .set({ scheduled_at: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', id)
      .execute();
    await osd();
    const log = { warn: () => undefined };
    const missions = server.app.missions!;
    const prepares = () => device.received.filter((r) => r.method === 'flighttask_prepare' && r.data.task_type === 1).length;
    const before = prepares();
    const sent = await Promise.all([new TaskScheduler(db(), missions, log).tick(), new TaskScheduler(db(), missions, log).tick()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(prepares()).toBe(before + 1);
    expect(await task(id)).toMatchObject({ status: 'running', progress: { status: 'sent' } });
  });

  it('fails a due timed task that cannot fly, with the reason', async () => {
    const id = await newTask();
    await db()
      .updateTable('tasks')
      .set({ status: 'scheduled', scheduled_at: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', id)
      .execute();
    weather.reasons = ['visibility'];
    await new TaskScheduler(db(), server.app.missions!, { warn: () => undefined }).tick();
    weather.reasons = [];
    expect(await task(id)).toMatchObject({ status: 'failed', flight_id: null, dispatch_error: 'The weather is not flyable (visibility)' });
  });
}
