import type { Action } from '@reduxjs/toolkit';
import { debounce, put, select, takeEvery } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import { resourceAction } from '../../api/resources';
import type { Saga } from '../../app/saga';
import type { RootState } from '../../app/rootReducer';
import { detailRequested, listRequested } from '../../crud/resourcesSlice';
import { selectResource } from '../../crud/selectors';
import { alertNotified } from '../devicelink';
import { resourceConfig } from '../../crud/registry';
import { toastShown } from '../notifications';
import { ALERT_RESOURCE, OPEN_SAFETY_PARAMS, OPEN_SAFETY_RESOURCE } from './alertRules';
import { acknowledgeRequested, acknowledgeSettled } from './alertsSlice';

/**
 * Acknowledges each alert (POST /api/Alert/{id}/ack/, data-scoped on the server), then reloads the list and says how
 * many were acknowledged; a failure is reported once by callApi and the rest still go.
 */
function* acknowledge(action: ReturnType<typeof acknowledgeRequested>): Saga {
  const ids = action.payload;
  let acknowledged = 0;
  for (const id of ids) {
    try {
      yield* callApi(resourceAction, resourceConfig(ALERT_RESOURCE).path, id, 'ack');
      acknowledged++;
    } catch {
      // callApi has already reported it.
    }
  }
  yield put(acknowledgeSettled({ ids }));
  if (acknowledged) yield put(toastShown({ messageKey: 'alerts.acknowledged', params: { count: acknowledged }, severity: 'success' }));
  yield put(listRequested({ resource: ALERT_RESOURCE }));
}

const safetyNotified = (action: Action) => alertNotified.match(action) && action.payload.alert.kind === 'safety';

/** A safety alert opened or closed (sysinfo/alerts): the open ones are read again once shown (bursts coalesced). */
function* reloadOpenSafety(): Saga {
  const status: string = yield select((s: RootState) => selectResource(s, OPEN_SAFETY_RESOURCE).detailStatus);
  if (status !== 'idle') yield put(detailRequested({ resource: OPEN_SAFETY_RESOURCE, params: OPEN_SAFETY_PARAMS }));
}

export default function* alertsSaga(): Saga {
  yield takeEvery(acknowledgeRequested.type, acknowledge);
  yield debounce(1000, safetyNotified, reloadOpenSafety);
}
