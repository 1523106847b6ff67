import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { drcDownTopic, drcUpTopic } from '@shared/dji/drcMessages';
import type { HttpClient } from '../../../src/api/client';
import { rootReducer, type RootState } from '../../../src/app/rootReducer';
import type { MqttConnectOptions } from '../../../src/features/broker/mqttClient';
import remoteSaga from '../../../src/features/remote/remoteSaga';
import { drcControlStopped, drcEmergencyStopRequested, drcEnterRequested, drcExitRequested, drcKeysChanged } from '../../../src/features/remote/remoteSlice';
import { selectDrc } from '../../../src/features/remote/selectors';
import { FakeMqttClient } from '../broker/fakeMqtt';

const DEVICE = 7;
const GW = 'DOCK1';
const session = {
  aircraft_sn: 'AC1',
  gateway_sn: GW,
  status: null,
  mqtt_broker: {
    address: 'ws://platform.example/mqtt',
    client_id: 'drc-web-DOCK1-1',
    username: 'drc-web-1',
    password: 'secret-of-this-session',
    expire_time: 2_000_000_000,
    enable_tls: false,
  },
  pub: [drcDownTopic(GW)],
  sub: [drcUpTopic(GW)],
};

const running: Array<{ cancel(): void }> = [];

function setup() {
  const clients: FakeMqttClient[] = [];
  const calls: Array<[string, string, unknown]> = [];
  const http = {
    request: jest.fn(async (method: string, path: string, options?: { body?: unknown }) => {
      calls.push([method, path, options?.body]);
      return { code: 0, msg: 'ok', data: method === 'POST' ? session : { ...session, mqtt_broker: undefined } };
    }),
  } as unknown as HttpClient;
  const mqttConnect = (url: string, options: MqttConnectOptions) => {
    const client = new FakeMqttClient(url, options);
    clients.push(client);
    return client;
  };
  const saga = createSagaMiddleware({ context: { document, http, mqttConnect } });
  const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault({ thunk: false }).concat(saga) });
  running.push(saga.run(remoteSaga));
  const drc = () => selectDrc(DEVICE)(store.getState() as RootState);
  const published = (method?: string) =>
    clients[0].published
      .map((p) => ({ ...p, message: JSON.parse(p.payload) as { method: string; seq?: number; data: Record<string, number> } }))
      .filter((p) => !method || p.message.method === method);
  return { store, clients, calls, drc, published };
}

/** Lets the saga take what the last step put in its channels. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('DRC saga', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    running.splice(0).forEach((task) => task.cancel());
    jest.useRealTimers();
  });

  async function entered() {
    const t = setup();
    t.store.dispatch(drcEnterRequested({ deviceId: DEVICE, confirmSn: 'AC1' }));
    await settle();
    expect(t.calls).toEqual([['POST', `/Device/${DEVICE}/drc/`, { confirm_sn: 'AC1' }]]);
    expect(t.drc()).toMatchObject({ phase: 'connecting', aircraftSn: 'AC1' });
    t.clients[0].acceptConnection();
    await settle();
    return t;
  }

  it('connects with the issued credentials, which never reach the store, and reads drc/up', async () => {
    const { clients, drc, store } = await entered();
    expect(clients[0].url).toBe(session.mqtt_broker.address);
    expect(clients[0].options).toMatchObject({ clientId: 'drc-web-DOCK1-1', username: 'drc-web-1', password: 'secret-of-this-session', reconnectPeriod: 0 });
    expect(clients[0].subscriptions).toEqual([{ topics: [drcUpTopic(GW)], qos: 0 }]);
    expect(drc().phase).toBe('active');
    expect(JSON.stringify(store.getState())).not.toContain('secret-of-this-session');

    clients[0].deliver(drcUpTopic(GW), {
      method: 'osd_info_push',
      data: { attitude_head: 10, latitude: 22.5, longitude: 114, height: 60, speed_x: 0, speed_y: 0, speed_z: 0 },
    });
    clients[0].deliver(drcUpTopic(GW), { method: 'delay_info_push', data: { sdr_cmd_delay: 45, liveview_delay_list: [] } });
    clients[0].deliver(drcUpTopic(GW), {
      method: 'hsi_info_push',
      data: { around_distances: [1000, 60000, 60000, 60000], up_distance: 60000, down_distance: 3000 },
    });
    await settle();
    expect(drc()).toMatchObject({ osd: { latitude: 22.5, height: 60 }, sdrDelayMs: 45, obstacles: { front: 1, right: null, down: 3 } });
  });

  it('sends drone_control at 10 Hz while keys are held, one stop when let go, heart_beat at 1 Hz, and measures the round trip', async () => {
    const { store, clients, drc, published } = await entered();
    store.dispatch(drcKeysChanged({ deviceId: DEVICE, held: ['forward', 'up'] }));
    await settle();
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(100);
      await settle();
    }
    const controls = published('drone_control');
    expect(controls).toHaveLength(5);
    expect(controls.every((c) => c.topic === drcDownTopic(GW) && c.qos === 0)).toBe(true);
    expect(controls[0].message.data).toMatchObject({ x: 5, y: 0, h: 2, w: 0 });
    const seq = controls[4].message.data.seq;
    clients[0].deliver(drcUpTopic(GW), { method: 'drone_control', data: { result: 0, output: { seq } } });
    await settle();
    expect(drc().roundTripMs).not.toBeNull();

    store.dispatch(drcKeysChanged({ deviceId: DEVICE, held: [] }));
    await settle();
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(100);
      await settle();
    }
    const after = published('drone_control');
    expect(after).toHaveLength(6);
    expect(after[5].message.data).toMatchObject({ x: 0, y: 0, h: 0, w: 0 });
    const beats = published('heart_beat');
    expect(beats).toHaveLength(1);
    expect(beats[0].message).toEqual({ method: 'heart_beat', seq: expect.any(Number), data: { timestamp: expect.any(Number) } });
  });

  it("shows the device's refusal of a control in words", async () => {
    const { clients, drc } = await entered();
    clients[0].deliver(drcUpTopic(GW), { method: 'drone_control', data: { result: 319030, output: { seq: 1 } } });
    await settle();
    expect(drc().error).toEqual({ key: 'apiError.remote.device_refused', params: { method: 'drone_control', result: 319030, meaning: 'no_flight_control' } });
  });

  it('sends drone_emergency_stop with QoS 1, and stops controlling when the page loses focus', async () => {
    const { store, drc, published } = await entered();
    store.dispatch(drcKeysChanged({ deviceId: DEVICE, held: ['forward'] }));
    store.dispatch(drcEmergencyStopRequested(DEVICE));
    await settle();
    expect(published('drone_emergency_stop')).toEqual([expect.objectContaining({ qos: 1, message: { method: 'drone_emergency_stop', data: {} } })]);
    jest.advanceTimersByTime(300);
    await settle();
    expect(published('drone_control')).toHaveLength(0);

    store.dispatch(drcKeysChanged({ deviceId: DEVICE, held: ['left'] }));
    await settle();
    jest.advanceTimersByTime(100);
    await settle();
    store.dispatch(drcControlStopped({ deviceId: DEVICE, reason: 'blur' }));
    await settle();
    const sent = published('drone_control').length;
    jest.advanceTimersByTime(500);
    await settle();
    expect(published('drone_control')).toHaveLength(sent);
    expect(drc()).toMatchObject({ held: [], stopped: 'blur', phase: 'active' });
  });

  it('stops and exits DRC when the link drops', async () => {
    const { store, clients, calls, drc } = await entered();
    store.dispatch(drcKeysChanged({ deviceId: DEVICE, held: ['forward'] }));
    await settle();
    clients[0].dropConnection();
    await settle();
    expect(calls.at(-1)).toEqual(['DELETE', `/Device/${DEVICE}/drc/`, undefined]);
    expect(drc()).toMatchObject({ phase: 'idle', held: [], stopped: 'link_lost', error: { key: 'remote.drc.linkLost' } });
  });

  it('exits on request: DELETE, the connection ended', async () => {
    const { store, clients, calls, drc } = await entered();
    store.dispatch(drcExitRequested(DEVICE));
    await settle();
    expect(calls.at(-1)).toEqual(['DELETE', `/Device/${DEVICE}/drc/`, undefined]);
    expect(clients[0].ended).toBe(true);
    expect(drc()).toMatchObject({ phase: 'idle', error: null });
  });
});
