import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { channel, type Channel, type EventChannel, type Task } from 'redux-saga';
import { all, call, cancel, debounce, fork, put, select, take, takeEvery } from 'redux-saga/effects';
import type { ZodType } from 'zod';
import { TOPIC_AIRSENSE, type AirsenseTraffic } from '@shared/dji/airsenseTraffic';
import { TOPIC_FLIGHT, type FlightReport } from '@shared/dji/flightReport';
import { MONITORED_PLAN_STATUSES, type Plan } from '@shared/entities/airspace';
import type { Alert } from '@shared/entities/alert';
import { MAX_NAME_SERIALS, type DeviceNames } from '@shared/entities/device';
import type { Route } from '@shared/entities/route';
import type { Task as TaskRecord } from '@shared/entities/task';
import { callApi } from '../../api/callApi';
import type { Saga } from '../../app/saga';
import type { Envelope } from '../../api/client';
import { CONFORMANCE_PAGE_SIZE, fetchOpenConformanceAlerts, fetchPlansInStatus } from '../../api/conformance';
import { fetchDeviceNames, type Page } from '../../api/devicelink';
import { getResource, resourceAction } from '../../api/resources';
import { getRoute } from '../../api/routes';
import type { RootState } from '../../app/rootReducer';
import { loadSplitModule } from '../../app/splitModule';
import { selectCan } from '../auth';
import { brokerEvents, topicChannel, withSubscription, type BrokerEvents, type EventBus } from '../broker';
import { alertNotified } from '../devicelink';
import { reportActionFailure, toastShown } from '../notifications';
import {
  conformanceWatchStarted,
  conformanceWatchStopped,
  droneTaskCommanded,
  droneTaskRequested,
  fleetSerialsAppeared,
  fleetTasksAppeared,
} from './viewActions';
import { fleetIdsLoaded, flightReported } from './flightSlice';
import { airsenseReported, type DroneTask, conformanceAlertsLoaded, droneTaskLoaded, fleetNamesLoaded, monitoredPlansLoaded } from './situationSlice';

/** Rows read per list at most (the monitored plans and open alerts of a large fleet). */
const MAX_PAGES = 50;

/** Every page of a list endpoint. */
function* allPages<T>(fetchPage: (page: number) => Generator<unknown, Envelope<Page<T>>>): Generator<unknown, T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response: Envelope<Page<T>> = yield* fetchPage(page);
    rows.push(...response.data.items);
    if (response.data.items.length < CONFORMANCE_PAGE_SIZE || rows.length >= response.data.total) break;
  }
  return rows;
}

function* loadAlerts(): Saga {
  try {
    const alerts: Alert[] = yield* allPages((page) => callApi(fetchOpenConformanceAlerts, page));
    yield put(conformanceAlertsLoaded(alerts));
  } catch {
    // Reported by callApi; the list stays as it was.
  }
}

function* loadPlans(): Saga {
  try {
    const lists: Plan[][] = yield all(MONITORED_PLAN_STATUSES.map((status) => call(allPages<Plan>, (page) => callApi(fetchPlansInStatus, status, page))));
    yield put(monitoredPlansLoaded(lists.flat()));
  } catch {
    // Reported by callApi.
  }
}

/**
 * Names for the serials new to the view, in one request (per MAX_NAME_SERIALS): the fleet snapshot carries serials
 * only (names would be most of each message); the API names just the devices the user may read.
 * Without device:read nothing is asked and the list shows serials.
 */
function* loadNames(action: PayloadAction<string[]>): Saga {
  const canRead: boolean = yield select((state: RootState) => selectCan(state, 'device:read'));
  if (!canRead) return;
  for (let i = 0; i < action.payload.length; i += MAX_NAME_SERIALS) {
    try {
      const response: Envelope<DeviceNames> = yield* callApi(fetchDeviceNames, action.payload.slice(i, i + MAX_NAME_SERIALS));
      yield put(fleetNamesLoaded(response.data.names));
      yield put(fleetIdsLoaded(response.data.ids));
    } catch {
      // Reported by callApi; those aircraft keep showing their serial.
    }
  }
}

/** The tasks API (the same collection the task list works on). */
const TASK_PATH = '/Task/';

/**
 * The task an aircraft on the view flies, and its route's waypoints (read once per route while the view is open: a
 * flying task's route is not edited). Needs task:read; the route needs project:read (without it the map draws none).
 */
function* loadDroneTask(taskId: number): Saga {
  const can: { task: boolean; route: boolean } = yield select((state: RootState) => ({
    task: selectCan(state, 'task:read'),
    route: selectCan(state, 'project:read'),
  }));
  if (!can.task) return;
  try {
    const response: Envelope<unknown> = yield* callApi(getResource, TASK_PATH, taskId);
    const task = response.data as TaskRecord;
    const cached: DroneTask | undefined = yield select((state: RootState) => state.situation.droneTasks[taskId]);
    let route = cached && cached.task.route_id === task.route_id ? cached.route : null;
    if (!route && task.route_id !== null && can.route) {
      const loaded: Envelope<Route> = yield* callApi(getRoute, task.route_id);
      route = loaded.data.waypoints.map(({ lat, lng }) => ({ lat, lng }));
    }
    yield put(droneTaskLoaded({ task, route }));
  } catch {
    // Reported by callApi; the card shows the task's id.
  }
}

/** Tasks of the fleet read at the same time at most: a large fleet's first snapshot may name hundreds. */
const TASK_READERS = 2;

/**
 * The tasks the fleet reports being flown, each read with its route once (the map draws every one), a few at a time so
 * a large fleet does not flood the API.
 */
function* readFleetTasks(): Saga {
  const queue: Channel<number> = yield call(channel);
  for (let i = 0; i < TASK_READERS; i++)
    yield fork(function* reader(): Saga {
      while (true) {
        const taskId: number = yield take(queue);
        yield call(loadDroneTask, taskId);
      }
    });
  while (true) {
    const { payload }: PayloadAction<number[]> = yield take(fleetTasksAppeared.type);
    for (const taskId of payload) yield put(queue, taskId);
  }
}

/** A command confirmed on the drone card: sent, told, and the task read again (its status follows on sysinfo/task). */
function* commandDroneTask(action: ReturnType<typeof droneTaskCommanded>): Saga {
  const { taskId, command, label } = action.payload;
  try {
    yield* callApi(resourceAction, TASK_PATH, taskId, command);
    yield put(toastShown({ messageKey: 'resources.actionDone', params: { step: label }, severity: 'success' }));
    yield call(loadDroneTask, taskId);
  } catch (error) {
    yield* reportActionFailure('resources.actionFailed', error);
  }
}

// The checks of sysinfo/airsense and sysinfo/flight carry zod: loaded when /Tas opens, not with the first paint.
const loadAirsenseSchema = () => import(/* webpackChunkName: "airsense-messages" */ '@shared/dji/airsense').then((m) => m.airsenseTrafficSchema);
const loadFlightReportSchema = () => import(/* webpackChunkName: "flight-messages" */ '@shared/dji/commandFlight').then((m) => m.flightReportSchema);

/** While /Tas is open: the messages on `topic`, each checked (the broker is another party) and put as `reported`. */
function* followTopic<T>(topic: string, loadSchema: () => Promise<ZodType<T>>, reported: (message: T) => Action, bus: EventBus<BrokerEvents>): Saga {
  yield* withSubscription(topic, function* () {
    const channel: EventChannel<{ message: unknown }> = yield call(topicChannel, bus, topic);
    try {
      const schema: ZodType<T> | null = yield* loadSplitModule(loadSchema);
      if (!schema) return;
      while (true) {
        const { message }: { message: unknown } = yield take(channel);
        const checked = schema.safeParse(message);
        if (checked.success) yield put(reported(checked.data));
        else console.warn(`situation: dropped a ${topic} message of an unknown shape`);
      }
    } finally {
      channel.close();
    }
  });
}

/** A conformance alert opened or closed: plan states changed with it. */
const conformanceNotified = (action: Action) => alertNotified.match(action) && action.payload.alert.kind === 'conformance';

/**
 * While /Tas is open: the open alerts and monitored plans, the drones' reports (manned traffic on sysinfo/airsense,
 * command flights and flight-area distances on sysinfo/flight), the plans reloaded (debounced) whenever conformance changes, the names of the aircraft and the tasks they fly as they appear.
 */
function* followView(): Saga {
  yield fork(loadAlerts);
  yield fork(loadPlans);
  yield fork(followTopic<AirsenseTraffic>, TOPIC_AIRSENSE, loadAirsenseSchema, airsenseReported, brokerEvents);
  yield fork(followTopic<FlightReport>, TOPIC_FLIGHT, loadFlightReportSchema, flightReported, brokerEvents);
  yield takeEvery(fleetSerialsAppeared.type, loadNames);
  yield fork(readFleetTasks);
  yield takeEvery(droneTaskRequested.type, (action: PayloadAction<number>) => loadDroneTask(action.payload));
  yield takeEvery(droneTaskCommanded.type, commandDroneTask);
  yield debounce(1000, conformanceNotified, loadPlans);
}

export default function* situationSaga(): Saga {
  while (true) {
    yield take(conformanceWatchStarted.type);
    const task: Task = yield fork(followView);
    yield take(conformanceWatchStopped.type);
    yield cancel(task);
  }
}
