import { buffers, eventChannel, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, getContext, put, select, take } from 'redux-saga/effects';
import { topicOfWire, wireTopic } from '@shared/topics';
import { fetchBrokerAccount, type BrokerAccount } from '../../api/auth';
import type { Envelope, HttpClient } from '../../api/client';
import { loggedOut, loginSucceeded, sessionExpired, selectToken } from '../auth';
import { insideControllerBridge } from '../controller';
import { toastShown } from '../notifications';
import { summariseBatch, parsePayload } from './batch';
import { brokerStatusChanged, messagesReceived, subscriptionsChanged, type BrokerStatus } from './brokerSlice';
import { brokerEvents, type BrokerEvents, type EventBus } from './eventBus';
import { brokerUrl, tokenUsername, type MqttConnect, type MqttLike } from './mqttClient';
import { selectConnectionSettings, selectSubscriptions } from './selectors';
import { BINARY_TOPICS, BROKER_CONSTANTS, type BrokerMessage } from './types';

/** Runs fn soon and returns a canceller. Messages arriving meanwhile are flushed together. */
export type Scheduler = (fn: () => void) => () => void;

/** Browser: once per animation frame (with a 250 ms fallback for hidden tabs, where frames stop); elsewhere every 100 ms. */
export const frameScheduler: Scheduler = (fn) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const timer = setTimeout(run, typeof requestAnimationFrame === 'function' ? 250 : 100);
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : null;
  return () => {
    done = true;
    clearTimeout(timer);
    if (frame !== null) cancelAnimationFrame(frame);
  };
};

export interface BrokerSagaOptions {
  /** Client factory; default the saga context's "mqttConnect" (none: no connection). */
  connect?: MqttConnect;
  schedule?: Scheduler;
  /** Where each message is re-emitted for the features that read a topic themselves (the /Tas fleet feed, the device link). */
  bus?: EventBus<BrokerEvents>;
}

type ClientEvent =
  | { type: 'connect' }
  | { type: 'reconnect' }
  | { type: 'close' }
  | { type: 'error'; error: Error }
  | { type: 'batch'; messages: BrokerMessage[]; invalid: number };

/** The client's events as a channel; messages are parsed on arrival and handed over in batches. */
export function clientChannel(client: MqttLike, schedule: Scheduler): EventChannel<ClientEvent> {
  return eventChannel<ClientEvent>((emit) => {
    let messages: BrokerMessage[] = [];
    let invalid = 0;
    let cancelFlush: (() => void) | null = null;
    const flush = () => {
      cancelFlush = null;
      if (messages.length === 0 && invalid === 0) return;
      const batch = { type: 'batch' as const, messages, invalid };
      messages = [];
      invalid = 0;
      emit(batch);
    };
    const flushNow = () => {
      cancelFlush?.();
      flush();
    };
    const onMessage = (wire: string, payload: Uint8Array) => {
      // A scope's share of a sysinfo topic is that topic to the features.
      const topic = topicOfWire(wire);
      // A copy: mqtt.js may reuse the frame buffer, and listeners transfer binary payloads to workers.
      const message = BINARY_TOPICS.has(topic) ? new Uint8Array(payload) : parsePayload(payload);
      if (message === undefined) {
        invalid++;
        console.warn(`broker: dropped a message on "${topic}" that is not valid JSON`);
      } else {
        messages.push({ topic, message });
      }
      cancelFlush ??= schedule(flush);
    };
    // Lifecycle events keep their order relative to messages: pending messages go out first.
    const onConnect = () => (flushNow(), emit({ type: 'connect' }));
    const onReconnect = () => (flushNow(), emit({ type: 'reconnect' }));
    const onClose = () => (flushNow(), emit({ type: 'close' }));
    const onError = (error: Error) => (flushNow(), emit({ type: 'error', error }));
    client.on('message', onMessage);
    client.on('connect', onConnect);
    client.on('reconnect', onReconnect);
    client.on('close', onClose);
    client.on('error', onError);
    return () => {
      cancelFlush?.();
      client.removeListener('message', onMessage);
      client.removeListener('connect', onConnect);
      client.removeListener('reconnect', onReconnect);
      client.removeListener('close', onClose);
      client.removeListener('error', onError);
    };
  }, buffers.expanding<ClientEvent>(64));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function* status(next: BrokerStatus, error?: string) {
  yield put(brokerStatusChanged(error === undefined ? { status: next } : { status: next, error }));
}

/** What a browser subscribes to for the topics the features want: its scope's own share of the scoped sysinfo topics. */
const onTheWire = (topics: string[], scope: string | null) => topics.map((topic) => wireTopic(topic, scope));

function* followSubscriptions(client: MqttLike, scope: string | null) {
  let current: string[] = (yield select(selectSubscriptions)) as string[];
  while (true) {
    yield take(subscriptionsChanged.type);
    const next: string[] = yield select(selectSubscriptions);
    const added = next.filter((t) => !current.includes(t));
    const removed = current.filter((t) => !next.includes(t));
    current = next;
    if (!client.connected) continue; // subscribed on the next connect
    if (added.length) client.subscribe(onTheWire(added, scope), { qos: BROKER_CONSTANTS.subscribeQos });
    if (removed.length) client.unsubscribe(onTheWire(removed, scope));
  }
}

interface OpenClient {
  client: MqttLike;
  /** The scope id of the account issued for it (null: scope `all`, or no account issued). */
  scope: string | null;
  /** Whether the server issued this connection its own account (external broker), which a scope change ends. */
  issued: boolean;
}

/** Asks the server for this session's broker account (if it issues one) and opens a client with it. */
function* openClient(connect: MqttConnect) {
  const doc: Document | undefined = yield getContext('document');
  const http: HttpClient | undefined = yield getContext('http');
  const settings: ReturnType<typeof selectConnectionSettings> = yield select(selectConnectionSettings);
  const location = doc?.location ?? { protocol: 'http:', host: 'localhost' };
  // Without config.json's static account the server may issue this session its own (external broker); else the token.
  const answer: Envelope<BrokerAccount | null> | null = settings.staticUser || !http ? null : yield call(fetchBrokerAccount, http);
  const account = answer?.data;
  const username = account?.username || settings.staticUser || settings.username || (settings.token ? tokenUsername(settings.token) : undefined);
  const password = account?.password || settings.staticPassword || settings.token || undefined;
  const client: MqttLike = yield call(connect, brokerUrl(settings.mqttHost, location), {
    clientId: `web_${Math.floor(Math.random() * 1e9)}`,
    clean: BROKER_CONSTANTS.clean,
    connectTimeout: BROKER_CONSTANTS.connectTimeout,
    reconnectPeriod: BROKER_CONSTANTS.reconnectPeriod,
    username,
    password,
    resubscribe: false,
  });
  const opened: OpenClient = { client, scope: account?.scope ?? null, issued: Boolean(account) };
  return opened;
}

/**
 * Runs one client until it ends: returns true when its issued account's live connection closed (the server ends a
 * session's accounts when its data scope changes), so a new account, naming the new scope's topics, is asked for.
 */
function* runClient({ client, scope, issued }: OpenClient, bus: EventBus<BrokerEvents>, schedule: Scheduler, doc: Document | undefined) {
  const channel: EventChannel<ClientEvent> = yield call(clientChannel, client, schedule);
  const follower: Task = yield fork(followSubscriptions, client, scope);
  let current: BrokerStatus = 'connecting';
  try {
    while (true) {
      const event: ClientEvent = yield take(channel);
      switch (event.type) {
        case 'batch': {
          for (const m of event.messages) {
            bus.emit(m.topic, m);
            bus.emit('message', m);
          }
          yield put(messagesReceived(summariseBatch(event.messages, event.invalid, Date.now())));
          break;
        }
        case 'connect': {
          current = 'connected';
          yield* status('connected');
          const topics: string[] = yield select(selectSubscriptions);
          if (topics.length) client.subscribe(onTheWire(topics, scope), { qos: BROKER_CONSTANTS.subscribeQos });
          if (!insideControllerBridge(doc?.defaultView)) {
            yield put(
              toastShown({
                messageKey: 'broker.toast.connected',
                severity: 'success',
                durationMs: BROKER_CONSTANTS.successToastMs,
                position: { vertical: 'bottom', horizontal: 'right' },
              }),
            );
          }
          break;
        }
        case 'reconnect':
          yield* reconnecting();
          current = 'reconnecting';
          break;
        case 'error':
          current = 'error';
          yield* status('error', errorText(event.error));
          yield put(toastShown({ messageKey: 'broker.toast.failed', severity: 'error' }));
          break;
        case 'close':
          // mqtt.js closes before every reconnect attempt; only a live connection dropping is news.
          if (current !== 'connected') break;
          if (issued) {
            yield* reconnecting();
            return true;
          }
          current = 'closed';
          yield* status('closed');
          break;
      }
    }
  } finally {
    // No effect here: a cancelled saga yielding in a finally of a delegated generator would carry on after it.
    follower.cancel();
    channel.close();
    client.end(true);
  }
}

function* reconnecting() {
  yield* status('reconnecting');
  yield put(toastShown({ messageKey: 'broker.toast.reconnecting', severity: 'warning' }));
}

/** One connection from setup to logout (a new client, with a new account, after a scope change). */
export function* brokerConnection(options: BrokerSagaOptions = {}) {
  const doc: Document | undefined = yield getContext('document');
  const contextConnect: MqttConnect | undefined = yield getContext('mqttConnect');
  // The host provides the client factory (bootstrap: mqtt.js); a store without one has no broker connection.
  const connect = options.connect ?? contextConnect;
  if (!connect) return;
  const bus = options.bus ?? brokerEvents;
  const schedule = options.schedule ?? frameScheduler;

  yield* status('connecting');
  let renewing = false;
  try {
    while (true) {
      let opened: OpenClient;
      try {
        opened = yield* openClient(connect);
      } catch (error) {
        if (renewing) {
          // The server is out of reach for a moment: the next try after the broker's own reconnect period.
          yield delay(BROKER_CONSTANTS.reconnectPeriod);
          continue;
        }
        console.error('broker: connection setup failed', error);
        yield put(toastShown({ messageKey: 'broker.toast.setupError', severity: 'error' }));
        yield* status('error', errorText(error));
        return;
      }
      renewing = yield* runClient(opened, bus, schedule, doc);
    }
  } finally {
    if ((yield cancelled()) as boolean) yield* status('closed');
  }
}

/** Connects while logged in (after login, or at start with a stored token); disconnects on logout or an expired session. */
export default function* brokerSaga(options: BrokerSagaOptions = {}) {
  while (true) {
    const token: string | null = yield select(selectToken);
    if (!token) {
      yield take(loginSucceeded.type);
    }
    const task: Task = yield fork(brokerConnection, options);
    yield take([loggedOut.type, sessionExpired.type]);
    yield cancel(task);
  }
}
