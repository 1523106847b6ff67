import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeEvery } from 'redux-saga/effects';
import type { DebugView } from '@shared/dji/remoteDebug';
import type { Envelope, HttpClient } from '../../api/client';
import { failureText, toFailedRequest } from '../../api/errorCatalogue';
import { fetchDockDebug, sendDebugCommand } from '../../api/remote';
import type { Saga } from '../../app/saga';
import { debugCommandDone, debugCommandFailed, debugCommandRequested, debugLoaded, debugRequested } from './remoteSlice';

function* loadDebug(deviceId: number): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<DebugView> = yield call(fetchDockDebug, client, deviceId);
    yield put(debugLoaded({ deviceId, view: answer.data }));
  } catch (error) {
    yield put(debugCommandFailed({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

/** Sends one debug service; the dock's refusal (DJI's reason in the user's language) is shown on the panel. */
function* sendCommand({ payload }: ReturnType<typeof debugCommandRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    yield call(sendDebugCommand, client, payload.deviceId, payload.command);
    yield put(debugCommandDone(payload.deviceId));
  } catch (error) {
    yield put(debugCommandFailed({ deviceId: payload.deviceId, error: failureText(toFailedRequest(error)) }));
  }
  yield call(loadDebug, payload.deviceId);
}

/** Remote operations: the shown docks' debugging views and their debug services through the API. */
export default function* remoteSaga(): Saga {
  yield takeEvery(debugRequested.type, ({ payload }: PayloadAction<number>) => loadDebug(payload));
  yield takeEvery(debugCommandRequested.type, sendCommand);
}
