import { configureStore, type Store } from '@reduxjs/toolkit';
import mqtt from 'mqtt';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { rootReducer, type RootState } from '../../../src/app/rootReducer';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import brokerSaga from '../../../src/features/broker/brokerSaga';
import { subscriptionsChanged } from '../../../src/features/broker/brokerSlice';
import type { MqttConnect, MqttLike } from '../../../src/features/broker/mqttClient';
import { DEFAULT_PLATFORM_CONFIG } from '../../../src/features/platform/platformConfig';
import { aircraft, aircraftOsd, DOCK, registerDock, TestGateway } from './dji';
import { loginToken, startServer, type TestServer } from './support';

/** Resolves once `predicate` holds for the store's state, checked on every state change (no polling). */
const stateWhere = (store: Store<RootState>, what: string, predicate: (state: RootState) => boolean, timeoutMs = 5000) =>
  new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!predicate(store.getState())) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const unsubscribe = store.subscribe(check);
    check();
  });

/** The console's broker saga with the real mqtt.js client against the real embedded broker (no fakes). */
describe('broker saga against the embedded broker', () => {
  let server: TestServer;
  let sagaTask: Task | undefined;

  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000 });
  });
  afterAll(async () => {
    sagaTask?.cancel();
    await server?.close();
  });

  it("logs in with username + token and fills the store from sysinfo and an aircraft's DJI OSD", async () => {
    const token = await loginToken(server);
    const saga = createSagaMiddleware({ context: {} });
    const store = configureStore({
      reducer: rootReducer,
      preloadedState: {
        auth: { ...initialAuthState, token, user: { id: 1, username: 'admin', name: 'admin', phone: null, email: null } },
        platform: { config: { ...DEFAULT_PLATFORM_CONFIG, mqtt_host: server.wsUrl } },
      } as Partial<RootState> as RootState,
      middleware: (getDefault) => getDefault({ thunk: false }).concat(saga),
    });
    store.dispatch(subscriptionsChanged({ add: ['thing/product/SKY-SAGA/osd'] }));
    const realConnect: MqttConnect = (url, options) => mqtt.connect(url, options) as unknown as MqttLike;
    sagaTask = saga.run(brokerSaga, { connect: realConnect });
    const broker = () => store.getState().broker;

    await stateWhere(store, 'connected + retained sysinfo', ({ broker: b }) => b.status === 'connected' && b.online !== null && b.weather !== null);
    expect(broker().weather?.stations[0]).toMatchObject({ flyable: expect.any(Boolean), windSpeed: expect.any(Number) });

    // A dock gateway speaking the DJI protocol: its aircraft's OSD reaches the console's store, normalised.
    const { secret } = await registerDock(server, token, 'DOCK-SAGA');
    const dock = await TestGateway.connect(server.wsUrl, 'DOCK-SAGA', 'DOCK-SAGA', secret);
    await dock.topo(DOCK, [aircraft('SKY-SAGA')]);
    dock.osd('SKY-SAGA', aircraftOsd({ battery: { capacity_percent: 42 } }));
    await stateWhere(store, 'telemetry in the store', ({ broker: b }) => b.telemetry['SKY-SAGA'] !== undefined);
    expect(broker().telemetry['SKY-SAGA']).toMatchObject({ sn: 'SKY-SAGA', battery: 42 });
    await stateWhere(store, 'the online change', ({ broker: b }) => b.online?.summary.online.includes('SKY-SAGA') ?? false);
    expect(broker().status).toBe('connected');
    await dock.end();
  }, 20_000);
});
