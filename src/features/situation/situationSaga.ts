import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { all, call, cancel, debounce, fork, put, take } from 'redux-saga/effects';
import { MONITORED_PLAN_STATUSES, type Plan } from '@shared/entities/airspace';
import type { Alert } from '@shared/entities/alert';
import { callApi } from '../../api/callApi';
import type { Saga } from '../../app/saga';
import type { Envelope } from '../../api/client';
import { CONFORMANCE_PAGE_SIZE, fetchOpenConformanceAlerts, fetchPlansInStatus } from '../../api/conformance';
import type { Page } from '../../api/devicelink';
import { alertNotified } from '../devicelink';
import { conformanceAlertsLoaded, conformanceWatchStarted, conformanceWatchStopped, monitoredPlansLoaded } from './situationSlice';

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

/** A conformance alert opened or closed: plan states changed with it. */
const conformanceNotified = (action: Action) => alertNotified.match(action) && action.payload.alert.kind === 'conformance';

/** While /Tas is open: the open alerts and monitored plans, the plans reloaded (debounced) whenever conformance changes. */
function* followConformance(): Saga {
  yield fork(loadAlerts);
  yield fork(loadPlans);
  yield debounce(1000, conformanceNotified, loadPlans);
}

export default function* situationSaga(): Saga {
  while (true) {
    yield take(conformanceWatchStarted.type);
    const task: Task = yield fork(followConformance);
    yield take(conformanceWatchStopped.type);
    yield cancel(task);
  }
}
