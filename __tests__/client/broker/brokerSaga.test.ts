import { waitFor } from '@testing-library/react';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootReducer, type RootState } from '../../../src/app/rootReducer';
import { initialAuthState, loggedOut, loginSucceeded, sessionExpired } from '../../../src/features/auth/authSlice';
import brokerSaga, { type Scheduler } from '../../../src/features/broker/brokerSaga';
import { subscriptionsChanged } from '../../../src/features/broker/brokerSlice';
import { selectOnlineSummary } from '../../../src/features/broker/selectors';
import type { MqttConnectOptions } from '../../../src/features/broker/mqttClient';
import { EventBus, type BrokerEvents } from '../../../src/features/broker/eventBus';
import { FakeMqttClient } from './fakeMqtt';
import type { HttpClient } from '../../../src/api/client';

const user = { id: 1, username: 'admin', name: '系统管理员', phone: null, email: null };
const loggedIn = { auth: { ...initialAuthState, token: 'h.eyJ1c2VybmFtZSI6ImFkbWluIn0.s', user } };

/** A manual scheduler: flushes run when the test says so (one "animation frame"). */
function manualScheduler() {
  const pending = new Set<() => void>();
  const schedule: Scheduler = (fn) => {
    pending.add(fn);
    return () => pending.delete(fn);
  };
  const frame = () => {
    const fns = [...pending];
    pending.clear();
    fns.forEach((fn) => fn());
  };
  return { schedule, frame, pending };
}

const running: Array<{ cancel(): void }> = [];

function setup(preloaded: Partial<RootState> = loggedIn, opts: { connectThrows?: boolean; http?: HttpClient } = {}) {
  const clients: FakeMqttClient[] = [];
  const actions: UnknownAction[] = [];
  const scheduler = manualScheduler();
  const connect = (url: string, options: MqttConnectOptions) => {
    if (opts.connectThrows) throw new Error('boom');
    const client = new FakeMqttClient(url, options);
    clients.push(client);
    return client;
  };
  const saga = createSagaMiddleware({ context: { document, http: opts.http } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloaded as RootState,
    middleware: (getDefault) =>
      getDefault({ thunk: false }).concat(
        () => (next) => (action) => {
          actions.push(action as UnknownAction);
          return next(action);
        },
        saga,
      ),
  });
  const bus = new EventBus<BrokerEvents>();
  const task = saga.run(brokerSaga, { connect, schedule: scheduler.schedule, bus });
  running.push(task);
  const client = () => clients[clients.length - 1];
  const toasts = () => store.getState().notifications.queue.map((t) => ({ messageKey: t.messageKey, severity: t.severity }));
  return { store, clients, client, actions, scheduler, task, toasts, bus };
}

describe('broker saga', () => {
  afterEach(() => {
    running.splice(0).forEach((task) => task.cancel());
    delete (window as { djiBridge?: unknown }).djiBridge;
    jest.restoreAllMocks();
  });

  it('connects when already logged in, with the spec options and the user own name + token', () => {
    const { client, store } = setup();
    expect(client().url).toBe('ws://localhost/mqtt');
    expect(client().options).toMatchObject({ clean: true, connectTimeout: 7000, reconnectPeriod: 5000, username: 'admin', password: loggedIn.auth.token });
    expect(client().options.clientId).toMatch(/^web_\d+$/);
    expect(store.getState().broker.status).toBe('connecting');
  });

  it.each([
    ['an account the server issued this session (external broker)', { username: 'skyline-web-s1', password: 'issued' }, 'skyline-web-s1', 'issued'],
    ['the own name + token when the server issues none (embedded broker)', null, 'admin', loggedIn.auth.token],
  ])('connects with %s', async (_name, account, username, password) => {
    const request = jest.fn(async () => ({ code: 0, msg: 'ok', data: account }));
    const { clients } = setup(loggedIn, { http: { request } as unknown as HttpClient });
    await waitFor(() => expect(clients).toHaveLength(1));
    expect(request).toHaveBeenCalledWith('POST', '/auth/mqtt/');
    expect(clients[0].options).toMatchObject({ username, password });
  });

  it('on connect: status connected, subscribes QoS 0 to sysinfo/online and sysinfo/weather, success toast bottom-right 2 s', () => {
    const { client, store } = setup();
    client().acceptConnection();
    expect(store.getState().broker.status).toBe('connected');
    expect(client().subscriptions).toEqual([{ topics: ['sysinfo/online', 'sysinfo/weather'], qos: 0 }]);
    expect(store.getState().notifications.queue).toEqual([
      expect.objectContaining({
        messageKey: 'broker.toast.connected',
        severity: 'success',
        durationMs: 2000,
        position: { vertical: 'bottom', horizontal: 'right' },
      }),
    ]);
  });

  it('no success toast inside the remote controller (window.djiBridge exists)', () => {
    (window as { djiBridge?: unknown }).djiBridge = {};
    const { client, store } = setup();
    client().acceptConnection();
    expect(store.getState().broker.status).toBe('connected');
    expect(store.getState().notifications.queue).toEqual([]);
  });

  it('reconnect: "reconnecting" warning; error: "connection failed" error; recovery: connected again', () => {
    const { client, store, toasts } = setup();
    client().acceptConnection();
    client().dropConnection();
    expect(store.getState().broker.status).toBe('closed');
    client().retry();
    expect(store.getState().broker.status).toBe('reconnecting');
    client().fail('connect ECONNREFUSED');
    expect(store.getState().broker).toMatchObject({ status: 'error', lastError: 'connect ECONNREFUSED' });
    client().retry();
    client().acceptConnection();
    expect(store.getState().broker.status).toBe('connected');
    expect(toasts()).toEqual([
      { messageKey: 'broker.toast.connected', severity: 'success' },
      { messageKey: 'broker.toast.reconnecting', severity: 'warning' },
      { messageKey: 'broker.toast.failed', severity: 'error' },
      { messageKey: 'broker.toast.reconnecting', severity: 'warning' },
      { messageKey: 'broker.toast.connected', severity: 'success' },
    ]);
    // Subscribed again on the new connection (clean session).
    expect(client().subscriptions).toHaveLength(2);
  });

  it('an exception during setup: "connection error" toast, status error, no crash', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, task } = setup(loggedIn, { connectThrows: true });
    expect(store.getState().broker).toMatchObject({ status: 'error', lastError: 'boom' });
    expect(store.getState().notifications.queue[0]).toMatchObject({ messageKey: 'broker.toast.setupError', severity: 'error' });
    expect(task.isRunning()).toBe(true);
  });

  it('waits for login, and disconnects on logout and on an expired session', () => {
    const { clients, client, store } = setup({});
    expect(clients).toHaveLength(0);
    store.dispatch(loginSucceeded({ token: 'tok2', user }));
    expect(client().options.password).toBe('tok2');
    client().acceptConnection();
    store.dispatch(loggedOut({ serverConfirmed: true }));
    expect(client().ended).toBe(true);
    expect(store.getState().broker.status).toBe('closed');
    store.dispatch(loginSucceeded({ token: 'tok3', user }));
    expect(clients).toHaveLength(2);
    store.dispatch(sessionExpired());
    expect(clients[1].ended).toBe(true);
  });

  it('messages are batched: one store update per frame', () => {
    const { client, store, scheduler, actions } = setup();
    client().acceptConnection();
    const snapshot = { kind: 'snapshot', seq: 10, at: 1, total: 5, statuses: { A: 'online', B: 'flying' } };
    const delta = { kind: 'delta', seq: 11, base: 10, at: 2, total: 5, set: { C: 'online' }, removed: ['B'] };
    // On a snapshot this browser missed: a gap, what is shown stays until the next snapshot.
    const gapped = { kind: 'delta', seq: 21, base: 20, at: 3, total: 5, set: { Z: 'online' }, removed: [] };
    const weather = {
      at: 1,
      stations: [
        {
          areaId: 'default',
          name: 'Shenzhen',
          windSpeed: 3,
          windDirection: 90,
          gust: 4,
          temperature: 25,
          humidity: 60,
          visibility: 9000,
          precipitation: 0,
          flyable: true,
          reasons: [],
        },
      ],
    };
    client().deliver('sysinfo/online', snapshot);
    client().deliver('sysinfo/online', delta);
    client().deliver('sysinfo/online', gapped);
    client().deliver('sysinfo/weather', weather);
    for (let i = 0; i < 100; i++)
      client().deliver('thing/product/SN1/osd', {
        tid: `t${i}`,
        bid: 'b',
        timestamp: i,
        data: {
          latitude: 22.5 + i / 1000,
          longitude: 114,
          elevation: 50,
          horizontal_speed: 5,
          attitude_head: 0,
          mode_code: 5,
          battery: { capacity_percent: 90 - i / 10 },
        },
      });
    expect(actions.filter((a) => a.type === 'broker/messagesReceived')).toHaveLength(0);
    expect(scheduler.pending.size).toBe(1);
    scheduler.frame();
    expect(actions.filter((a) => a.type === 'broker/messagesReceived')).toHaveLength(1);
    const state = store.getState().broker;
    expect(selectOnlineSummary(store.getState())).toEqual({ online: ['A', 'C'], statuses: { A: 'online', C: 'online' }, onlineCount: 2, total: 5, at: 2 });
    expect(state.weather).toEqual(weather);
    expect(state.counters).toMatchObject({
      received: 104,
      invalid: 0,
      batches: 1,
      byTopic: { 'sysinfo/online': 3, 'sysinfo/weather': 1, 'thing/product/+/osd': 100 },
    });
    expect(state.telemetry.SN1.at).toBe(99);

    // The next snapshot resyncs; the deltas on it apply again.
    client().deliver('sysinfo/online', { kind: 'snapshot', seq: 30, at: 4, total: 5, statuses: { Z: 'online' } });
    client().deliver('sysinfo/online', { kind: 'delta', seq: 31, base: 30, at: 5, total: 5, set: { Y: 'maintenance' }, removed: [] });
    scheduler.frame();
    expect(selectOnlineSummary(store.getState())?.statuses).toEqual({ Y: 'maintenance', Z: 'online' });
  });

  it('a payload that is not JSON is dropped with a warning and counted, never a crash', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, store, scheduler, task } = setup();
    client().acceptConnection();
    client().deliver('sysinfo/online', '{not json');
    client().deliver('sysinfo/weather', { at: 1, stations: [] });
    scheduler.frame();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not valid JSON'));
    expect(store.getState().broker.counters).toMatchObject({ received: 1, invalid: 1 });
    expect(task.isRunning()).toBe(true);
  });

  it('a binary sysinfo/fleet payload is handed on the bus as a copy of its bytes, not parsed as JSON', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, store, scheduler, bus } = setup();
    client().acceptConnection();
    const seen: unknown[] = [];
    bus.on('sysinfo/fleet', (e) => seen.push(e.message));
    const frame = new Uint8Array([9, 1, 2, 3, 9]);
    client().deliver('sysinfo/fleet', frame.subarray(1, 4));
    scheduler.frame();
    expect(seen).toEqual([new Uint8Array([1, 2, 3])]);
    expect((seen[0] as Uint8Array).buffer).not.toBe(frame.buffer);
    expect(store.getState().broker.counters).toMatchObject({ received: 1, invalid: 0, byTopic: { 'sysinfo/fleet': 1 } });
    expect(warn).not.toHaveBeenCalled();
  });

  it('subscriptions can be changed at run time (e.g. telemetry for the situational view)', () => {
    const { client, store } = setup();
    client().acceptConnection();
    store.dispatch(subscriptionsChanged({ add: ['thing/product/+/osd'] }));
    store.dispatch(subscriptionsChanged({ remove: ['sysinfo/weather'] }));
    expect(client().subscriptions[1]).toEqual({ topics: ['thing/product/+/osd'], qos: 0 });
    expect(client().unsubscribed).toEqual(['sysinfo/weather']);
    expect(store.getState().broker.subscriptions).toEqual(['sysinfo/online', 'thing/product/+/osd']);
  });

  it("with a scoped account (external broker) subscribes to its scope's share of the scoped sysinfo topics and reads it as the topic itself", async () => {
    const scope = '0123456789abcdef01234567';
    const request = jest.fn(async () => ({ code: 0, msg: 'ok', data: { username: 'skyline-web-s1', password: 'issued', scope } }));
    const { clients, store, scheduler } = setup(loggedIn, { http: { request } as unknown as HttpClient });
    await waitFor(() => expect(clients).toHaveLength(1));
    const [client] = clients;
    client.acceptConnection();
    expect(client.subscriptions).toEqual([{ topics: [`sysinfo/scope/${scope}/online`, `sysinfo/scope/${scope}/weather`], qos: 0 }]);
    store.dispatch(subscriptionsChanged({ add: ['sysinfo/notice', 'thing/product/SN1/osd', 'sysinfo/alerts'] }));
    store.dispatch(subscriptionsChanged({ remove: ['sysinfo/weather'] }));
    expect(client.subscriptions[1].topics).toEqual(['sysinfo/notice', 'thing/product/SN1/osd', `sysinfo/scope/${scope}/alerts`]);
    expect(client.unsubscribed).toEqual([`sysinfo/scope/${scope}/weather`]);
    client.deliver(`sysinfo/scope/${scope}/online`, { kind: 'snapshot', seq: 1, at: 1, total: 1, statuses: { A: 'online' } });
    scheduler.frame();
    expect(store.getState().broker.counters.byTopic).toMatchObject({ 'sysinfo/online': 1 });
  });

  it("a scope change (the server ends the session's accounts): a new account is asked for, and its scope's topics subscribed", async () => {
    const scopes = ['0123456789abcdef01234567', '89abcdef0123456789abcdef'];
    let issued = 0;
    const request = jest.fn(async () => {
      const scope = scopes[Math.min(issued, scopes.length - 1)];
      issued += 1;
      return { code: 0, msg: 'ok', data: { username: `skyline-web-s1.${issued}`, password: `issued-${issued}`, scope } };
    });
    const { clients, store } = setup(loggedIn, { http: { request } as unknown as HttpClient });
    await waitFor(() => expect(clients).toHaveLength(1));
    clients[0].acceptConnection();
    expect(clients[0].subscriptions[0].topics).toContain(`sysinfo/scope/${scopes[0]}/online`);
    // The broker kicked the deleted account: mqtt.js would retry with it, refused; the saga asks for a new one instead.
    clients[0].dropConnection();
    await waitFor(() => expect(clients).toHaveLength(2));
    expect(clients[0].ended).toBe(true);
    expect(store.getState().broker.status).toBe('reconnecting');
    expect(clients[1].options).toMatchObject({ username: 'skyline-web-s1.2', password: 'issued-2' });
    clients[1].acceptConnection();
    expect(clients[1].subscriptions[0].topics).toEqual([`sysinfo/scope/${scopes[1]}/online`, `sysinfo/scope/${scopes[1]}/weather`]);
    // Subscriptions changed later follow on the new client, under the new scope.
    store.dispatch(subscriptionsChanged({ add: ['sysinfo/alerts'] }));
    expect(clients[1].subscriptions[1].topics).toEqual([`sysinfo/scope/${scopes[1]}/alerts`]);
    expect(clients[0].subscriptions).toHaveLength(1);
    expect(store.getState().broker.status).toBe('connected');
  });

  it('without an issued account (embedded broker: the token is the password) a dropped connection is retried by the same client', () => {
    const { clients, client, store } = setup();
    client().acceptConnection();
    client().dropConnection();
    expect(store.getState().broker.status).toBe('closed');
    client().retry();
    client().acceptConnection();
    expect(clients).toHaveLength(1);
    expect(store.getState().broker.status).toBe('connected');
  });

  it('a store whose host provides no client factory makes no connection', () => {
    const saga = createSagaMiddleware({ context: { document } });
    const store = configureStore({
      reducer: rootReducer,
      preloadedState: loggedIn as RootState,
      middleware: (getDefault) => getDefault({ thunk: false }).concat(saga),
    });
    running.push(saga.run(brokerSaga));
    expect(store.getState().broker.status).toBe('idle');
  });
});
