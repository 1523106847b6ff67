import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, getContext, put, select, take, takeEvery, takeLatest, throttle } from 'redux-saga/effects';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { DjiLiveKind } from '@shared/dji/live';
import { osdTopic } from '@shared/dji/topics';
import type { Alert } from '@shared/entities/alert';
import { TOPIC_ALERTS } from '@shared/live';
import type { Envelope, HttpClient } from '../../api/client';
import { requestFailed } from '../../api/callApi';
import { fetchActiveAlerts, fetchDeviceLive, findDeviceBySerial, type DeviceSummary, type Page } from '../../api/devicelink';
import { toFailedRequest } from '../../api/errorCatalogue';
import type { RootState } from '../../app/rootReducer';
import { loadSplitModule } from '../../app/splitModule';
import { loggedOut, loginSucceeded, sessionExpired } from '../auth';
import { aircraftBound, controllerRefreshRequested, selectAircraftSn, selectRemoteControllerSn, thingStateChanged } from '../controller';
import { brokerEvents, brokerStatusChanged, selectBrokerStatus, topicChannel, withSubscription, type BrokerEvents, type EventBus } from '../broker';
import {
  activeAlertCountLoaded,
  alertNotified,
  bindingsChecked,
  deviceAlertsLoaded,
  deviceWatchStarted,
  deviceWatchStopped,
  liveReceived,
} from './devicelinkSlice';
import type * as Messages from './messages';
import type { Saga } from '../../app/saga';

/** The message checks carry zod: loaded when first needed, not with the first paint. */
const loadMessages = () => import(/* webpackChunkName: "devicelink-messages" */ './messages');

/** Loads a device's live state and active alerts, then follows its OSD; returns its kind (null for an unknown serial). */
function* loadDevice(sn: string, messages: typeof Messages): Saga<DjiLiveKind | null> {
  const client: HttpClient = yield getContext('http');
  try {
    const device: DeviceSummary | null = yield call(findDeviceBySerial, client, sn);
    const alerts: Envelope<Page<Alert>> = yield call(fetchActiveAlerts, client, { device_sn: sn, page_size: 100 });
    yield put(deviceAlertsLoaded({ sn, alerts: alerts.data.items }));
    if (!device) return null;
    const answer: Envelope<{ live: unknown }> = yield call(fetchDeviceLive, client, device.id);
    const parsed = messages.readLive(answer.data.live);
    if (parsed) yield put(liveReceived(parsed));
    return device.kind;
  } catch (error) {
    yield put(requestFailed(toFailedRequest(error)));
    return null;
  }
}

function* followDevice(sn: string, bus: EventBus<BrokerEvents>): Saga {
  const topic = osdTopic(sn);
  yield* withSubscription(topic, function* () {
    const channel: EventChannel<{ message: unknown }> = yield call(topicChannel, bus, topic);
    try {
      const messages: typeof Messages | null = yield* loadSplitModule(loadMessages);
      if (!messages) return;
      const kind: DjiLiveKind | null = yield* loadDevice(sn, messages);
      if (!kind) return;
      while (true) {
        const { message }: { message: unknown } = yield take(channel);
        const live = messages.readOsd(sn, kind, message);
        if (live) yield put(liveReceived(live));
      }
    } finally {
      channel.close();
    }
  });
}

/** One follower per watched serial, however many views show it. */
function* watchDevices(bus: EventBus<BrokerEvents>): Saga {
  const followers = new Map<string, Task>();
  yield takeEvery(deviceWatchStarted.type, function* ({ payload: sn }: PayloadAction<string>) {
    if (!followers.has(sn)) followers.set(sn, (yield fork(followDevice, sn, bus)) as Task);
  });
  yield takeEvery(deviceWatchStopped.type, function* ({ payload: sn }: PayloadAction<string>) {
    const watchers: number | undefined = yield select((s: { devicelink: { watchers: Record<string, number> } }) => s.devicelink.watchers[sn]);
    const follower = followers.get(sn);
    if (watchers || !follower) return;
    followers.delete(sn);
    yield cancel(follower);
  });
}

function* loadActiveAlertCount(): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const page: Envelope<Page<Alert>> = yield call(fetchActiveAlerts, client, { page_size: 1 });
    yield put(activeAlertCountLoaded(page.data.total));
  } catch (error) {
    yield put(requestFailed(toFailedRequest(error)));
  }
}

/** Alerts come in bursts and streams (a fleet crossing a boundary): at most one count request a second, the last alert's included. */
const ALERT_COUNT_INTERVAL_MS = 1000;

/**
 * The active alert count, kept current by sysinfo/alerts (no polling). It is read from the API whenever the broker
 * (re)connects, as notifications sent while the link was down are lost, and after alerts that come without the count
 * (a user with a narrower data scope: the platform's count is not theirs).
 */
function* followAlerts(bus: EventBus<BrokerEvents>): Saga {
  yield* withSubscription(TOPIC_ALERTS, function* () {
    const channel: EventChannel<{ message: unknown }> = yield call(topicChannel, bus, TOPIC_ALERTS);
    try {
      const messages: typeof Messages | null = yield* loadSplitModule(loadMessages);
      if (!messages) return;
      if ((yield select(selectBrokerStatus)) === 'connected') yield fork(loadActiveAlertCount);
      yield takeLatest((action: Action) => brokerStatusChanged.match(action) && action.payload.status === 'connected', loadActiveAlertCount);
      yield throttle(
        ALERT_COUNT_INTERVAL_MS,
        (action: Action) => alertNotified.match(action) && action.payload.activeCount === undefined,
        loadActiveAlertCount,
      );
      while (true) {
        const { message }: { message: unknown } = yield take(channel);
        const notification = messages.readAlertNotification(message);
        if (notification) yield put(alertNotified(notification));
        else console.warn('devicelink: dropped a sysinfo/alerts message of an unknown shape');
      }
    } finally {
      channel.close();
    }
  });
}

/** Which of the controller's serials the platform knows (Pilot 2's update_topo binds them to the pilot's workspace). */
function* checkBindings(): Saga {
  const serials: Array<string | null> = yield select((s: RootState) => [selectAircraftSn(s), selectRemoteControllerSn(s)]);
  if (!serials.some(Boolean)) return;
  const client: HttpClient = yield getContext('http');
  const bound: Record<string, boolean> = {};
  try {
    for (const sn of serials) if (sn) bound[sn] = ((yield call(findDeviceBySerial, client, sn)) as DeviceSummary | null) !== null;
  } catch (error) {
    yield put(requestFailed(toFailedRequest(error)));
    return;
  }
  yield put(bindingsChecked(bound));
}

const bindingMayHaveChanged = (action: Action) =>
  (thingStateChanged.match(action) && action.payload === 'connected') || aircraftBound.match(action) || controllerRefreshRequested.match(action);

export interface DevicelinkSagaOptions {
  bus?: EventBus<BrokerEvents>;
}

export default function* devicelinkSaga(options: DevicelinkSagaOptions = {}): Saga {
  const bus = options.bus ?? brokerEvents;
  yield fork(watchDevices, bus);
  yield takeLatest(bindingMayHaveChanged, checkBindings);
  while (true) {
    const token: string | null = yield select((s: { auth: { token: string | null } }) => s.auth.token);
    if (!token) yield take(loginSucceeded.type);
    const alerts: Task = yield fork(followAlerts, bus);
    yield take([loggedOut.type, sessionExpired.type]);
    yield cancel(alerts);
  }
}
