import type { Action } from '@reduxjs/toolkit';
import { buffers, stdChannel, type Channel, type MulticastChannel, type Saga, type Task } from 'redux-saga';
import { actionChannel, all, call, fork, put, take } from 'redux-saga/effects';
import authSaga from '../features/auth/authSaga';
import { untilSignedIn } from '../features/auth/untilSignedIn';
import localeSaga from '../features/i18n/localeSaga';
import httpErrorsSaga from '../features/notifications/httpErrorsSaga';
import tabsSaga from '../features/tabs/tabsSaga';
import { loadSplitModule } from './splitModule';

/** Runs a saga on a channel of its own, with the store's dispatch, state and services (see createAppStore). */
export type RunOnChannel = (channel: MulticastChannel<Action>, saga: Saga) => Task;

export interface RootSagaOptions {
  /** Sagas started with the root saga's own (see createAppStore). */
  featureSagas?: Saga[];
  /** The signed-in sagas' chunk and how to run them, for startWhenSignedIn. */
  signedIn?: { load: () => Promise<{ default: Saga }>; runOnChannel: RunOnChannel };
}

/**
 * Starts the signed-in app's sagas, whose code is split off the first paint, once a user is signed in: at once with a
 * stored session, else on sign-in. From that moment every action is kept, and handed to them in order once their
 * chunk has loaded (they run on a channel of their own fed from the kept actions), so nothing the pages dispatch
 * meanwhile is lost; they start from the state as it is then. A chunk that fails to load is reported once
 * (loadSplitModule) and the kept actions dropped.
 */
export function* startWhenSignedIn(load: () => Promise<{ default: Saga }>, runOnChannel: RunOnChannel) {
  yield* untilSignedIn();
  const kept: Channel<Action> = yield actionChannel('*', buffers.expanding<Action>(64));
  const module: { default: Saga } | null = yield* loadSplitModule(load);
  if (!module) {
    kept.close();
    return;
  }
  const feed = stdChannel<Action>();
  const task: Task = yield call(runOnChannel, feed, module.default);
  try {
    for (;;) {
      const action: Action = yield take(kept);
      yield put(feed, action);
    }
  } finally {
    kept.close();
    task.cancel();
  }
}

/**
 * The sagas the login page needs (sign-in, language, request failures, tabs restored on sign-in) run from the start;
 * the rest of the app's are the signed-in sagas.
 */
export default function* rootSaga({ featureSagas = [], signedIn }: RootSagaOptions = {}) {
  yield all([
    fork(authSaga),
    fork(localeSaga),
    fork(httpErrorsSaga),
    fork(tabsSaga),
    ...(signedIn ? [fork(startWhenSignedIn, signedIn.load, signedIn.runOnChannel)] : []),
    ...featureSagas.map((saga) => fork(saga)),
  ]);
}
