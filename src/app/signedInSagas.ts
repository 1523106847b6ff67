import { all, fork } from 'redux-saga/effects';
import recordExportSaga from '../features/airspace/recordExportSaga';
import { replayPhotosSaga } from '../features/airspace/replayPhotos';
import alertsSaga from '../features/alerts/alertsSaga';
import sessionSaga from '../features/auth/sessionSaga';
import brokerSaga from '../features/broker/brokerSaga';
import devicelinkSaga from '../features/devicelink/devicelinkSaga';
import liveSaga from '../features/live/liveSaga';
import remoteSaga from '../features/remote/remoteSaga';
import baseLayerSaga from '../features/map/baseLayerSaga';
import mapSaga from '../features/map/mapSaga';
import mediaSaga from '../features/media/mediaSaga';
import defectsSaga from '../features/defects/defectsSaga';
import noticesSaga from '../features/notices/noticesSaga';
import projectSaga from '../features/project/projectSaga';
import resourcesSaga from '../crud/resourcesSaga';
import routesSaga from '../features/routes/routesSaga';
import situationSaga from '../features/situation/situationSaga';
import tasksSaga from '../features/tasks/tasksSaga';

/**
 * The sagas of the signed-in app: everything past the login page (lists and forms, the broker connection, live state,
 * maps, media…). Their code, with the wire schemas it checks messages against, is a chunk the login page never waits
 * for; the root saga starts them once a user is signed in (startWhenSignedIn). Each follows the signed-in state
 * itself, so they keep running across a sign-out and the next sign-in.
 */
export default function* signedInSagas() {
  yield all([
    fork(brokerSaga),
    fork(sessionSaga),
    fork(alertsSaga),
    fork(resourcesSaga),
    fork(projectSaga),
    fork(mapSaga),
    fork(devicelinkSaga),
    fork(liveSaga),
    fork(remoteSaga),
    fork(tasksSaga),
    fork(noticesSaga),
    fork(baseLayerSaga),
    fork(routesSaga),
    fork(recordExportSaga),
    fork(replayPhotosSaga),
    fork(situationSaga),
    fork(mediaSaga),
    fork(defectsSaga),
  ]);
}
