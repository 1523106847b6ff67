import { all, fork } from 'redux-saga/effects';
import authSaga from '../features/auth/authSaga';
import brokerSaga from '../features/broker/brokerSaga';
import controllerSaga from '../features/controller/controllerSaga';
import localeSaga from '../features/i18n/localeSaga';
import mapSaga from '../features/map/mapSaga';
import httpErrorsSaga from '../features/notifications/httpErrorsSaga';
import projectSaga from '../features/project/projectSaga';
import resourcesSaga from '../features/resources/resourcesSaga';
import tabsSaga from '../features/tabs/tabsSaga';

export default function* rootSaga() {
  yield all([fork(authSaga), fork(brokerSaga), fork(localeSaga), fork(httpErrorsSaga), fork(tabsSaga), fork(resourcesSaga), fork(controllerSaga), fork(projectSaga), fork(mapSaga)]);
}
