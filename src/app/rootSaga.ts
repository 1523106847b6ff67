import type { Saga } from 'redux-saga';
import { all, call, fork } from 'redux-saga/effects';
import recordExportSaga from '../features/airspace/recordExportSaga';
import alertsSaga from '../features/alerts/alertsSaga';
import authSaga from '../features/auth/authSaga';
import devicelinkSaga from '../features/devicelink/devicelinkSaga';
import liveSaga from '../features/live/liveSaga';
import remoteSaga from '../features/remote/remoteSaga';
import localeSaga from '../features/i18n/localeSaga';
import baseLayerSaga from '../features/map/baseLayerSaga';
import mapSaga from '../features/map/mapSaga';
import mediaSaga from '../features/media/mediaSaga';
import defectsSaga from '../features/defects/defectsSaga';
import noticesSaga from '../features/notices/noticesSaga';
import httpErrorsSaga from '../features/notifications/httpErrorsSaga';
import projectSaga from '../features/project/projectSaga';
import resourcesSaga from '../crud/resourcesSaga';
import routesSaga from '../features/routes/routesSaga';
import situationSaga from '../features/situation/situationSaga';
import tabsSaga from '../features/tabs/tabsSaga';
import { loadSplitModule } from './splitModule';

/**
 * Runs a saga whose code is split off the first paint. Only for sagas that start from the state rather than from
 * an action (an action dispatched while the chunk loads is not seen by them).
 */
export function* splitSaga(load: () => Promise<{ default: Saga }>) {
  const module: { default: Saga } | null = yield* loadSplitModule(load);
  if (module) yield call(module.default);
}

/** The broker saga connects whenever the state holds a token, so it may start after the first paint. */
const loadBrokerSaga = () => import(/* webpackChunkName: "broker-saga" */ '../features/broker/brokerSaga');

/** Task progress (sysinfo/task) follows the signed-in state; its message checks need the wire enums, off the first paint. */
const loadTasksSaga = () => import(/* webpackChunkName: "tasks-saga" */ '../features/tasks/tasksSaga');

/** `featureSagas`: sagas the host decided to load before start (see loadFeatureSagas). */
export default function* rootSaga(featureSagas: Saga[] = []) {
  yield all([
    fork(authSaga),
    fork(splitSaga, loadBrokerSaga),
    fork(localeSaga),
    fork(httpErrorsSaga),
    fork(tabsSaga),
    fork(alertsSaga),
    fork(resourcesSaga),
    fork(projectSaga),
    fork(mapSaga),
    fork(devicelinkSaga),
    fork(liveSaga),
    fork(remoteSaga),
    fork(splitSaga, loadTasksSaga),
    fork(noticesSaga),
    fork(baseLayerSaga),
    fork(routesSaga),
    fork(recordExportSaga),
    fork(situationSaga),
    fork(mediaSaga),
    fork(defectsSaga),
    ...featureSagas.map((saga) => fork(saga)),
  ]);
}
