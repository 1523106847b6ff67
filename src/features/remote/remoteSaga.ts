import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { FlightView } from '@shared/dji/commandFlight';
import type { LogFileList, LogUpload } from '@shared/dji/deviceLogs';
import type { OtaView } from '@shared/dji/firmware';
import type { FlightAreaSync } from '@shared/dji/flightAreas';
import type { SettingsView } from '@shared/dji/properties';
import type { DebugView } from '@shared/dji/remoteDebug';
import { isErrorCode } from '@shared/errorCodes';
import type { Envelope, HttpClient } from '../../api/client';
import { failureText, toFailedRequest, type ErrorText } from '../../api/errorCatalogue';
import { downloadBlob } from '../../crud/csv';
import {
  fetchSettings,
  sendSettings,
  cancelLogUpload,
  downloadLogArchive,
  fetchLogBoots,
  fetchLogUploads,
  startLogUpload,
  fetchDockDebug,
  fetchFlight,
  fetchFlightAreaSync,
  fetchOta,
  sendOta,
  uploadFirmware,
  sendDebugCommand,
  sendFlightCommand,
  syncFlightAreas,
  type FlightAreaSyncOutcome,
} from '../../api/remote';
import type { Saga } from '../../app/saga';
import { drcLink } from './drcSaga';
import {
  drcEnterRequested,
  otaLoaded,
  otaRequested,
  otaUpgradeDone,
  otaUpgradeRequested,
  firmwareUploadDone,
  firmwareUploadRequested,
  areasLoaded,
  areasRequested,
  areasSyncDone,
  areasSyncRequested,
  debugCommandDone,
  debugCommandFailed,
  debugCommandRequested,
  debugLoaded,
  debugRequested,
  flightCommandDone,
  flightCommandFailed,
  flightCommandRequested,
  flightLoaded,
  flightRequested,
  logArchiveRequested,
  logBootsLoaded,
  logBootsRequested,
  logCancelRequested,
  logsDone,
  logUploadRequested,
  logUploadsLoaded,
  logUploadsRequested,
  settingsChangeRequested,
  settingsDone,
  settingsLoaded,
  settingsRequested,
  type FirmwareState,
} from './remoteSlice';
import { selectFirmware } from './selectors';

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

function* loadFlight(deviceId: number): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<FlightView> = yield call(fetchFlight, client, deviceId);
    yield put(flightLoaded({ deviceId, view: answer.data }));
  } catch (error) {
    yield put(flightCommandFailed({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

/** Sends one flight command; the refusal (not flying, dock busy, DJI's code …) is shown on the panel. */
function* sendFlight({ payload }: ReturnType<typeof flightCommandRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<FlightView> = yield call(sendFlightCommand, client, payload.deviceId, payload.command);
    yield put(flightLoaded({ deviceId: payload.deviceId, view: answer.data }));
    yield put(flightCommandDone(payload.deviceId));
  } catch (error) {
    yield put(flightCommandFailed({ deviceId: payload.deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

function* loadAreas(deviceId: number): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<FlightAreaSync> = yield call(fetchFlightAreaSync, client, deviceId);
    yield put(areasLoaded({ deviceId, view: answer.data }));
  } catch (error) {
    yield put(areasSyncDone({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

/** The text of a dock that was not sent the sync (offline, not a dock, DJI's refusal …), or null when it was. */
const outcomeText = (outcome: FlightAreaSyncOutcome | undefined): ErrorText | null =>
  !outcome || outcome.sent
    ? null
    : isErrorCode(outcome.error_code)
      ? { key: `apiError.${outcome.error_code}`, params: outcome.params ?? {} }
      : { key: 'http.500' };

/** Pushes the flight areas to one dock; a dock that was not sent them says why on the panel. */
function* syncAreas({ payload: deviceId }: ReturnType<typeof areasSyncRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<FlightAreaSyncOutcome[]> = yield call(syncFlightAreas, client, [deviceId]);
    yield put(areasSyncDone({ deviceId, error: outcomeText(answer.data.find((o) => o.device_id === deviceId)) }));
  } catch (error) {
    yield put(areasSyncDone({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
  yield call(loadAreas, deviceId);
}

function* loadOta(deviceId: number): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<OtaView> = yield call(fetchOta, client, deviceId);
    yield put(otaLoaded({ deviceId, view: answer.data }));
  } catch (error) {
    yield put(otaUpgradeDone({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

/** Sends one upgrade; the refusal (flying, another model, DJI's code …) is shown on the panel. */
function* upgrade({ payload }: ReturnType<typeof otaUpgradeRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    yield call(sendOta, client, payload.deviceId, payload.request);
    yield put(otaUpgradeDone({ deviceId: payload.deviceId, error: null }));
  } catch (error) {
    yield put(otaUpgradeDone({ deviceId: payload.deviceId, error: failureText(toFailedRequest(error)) }));
  }
  yield call(loadOta, payload.deviceId);
}

/** Uploads a package for the device's type (as its panel last read it); the new package is then offered on the panel. */
function* uploadPackage({ payload }: ReturnType<typeof firmwareUploadRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  const { view }: FirmwareState = yield select(selectFirmware(payload.deviceId));
  const form = new FormData();
  form.append('device_type', view?.device_type ?? '');
  form.append('product_version', payload.productVersion);
  form.append('release_note', payload.releaseNote);
  form.append('file', payload.file, payload.file.name);
  try {
    yield call(uploadFirmware, client, form);
    yield put(firmwareUploadDone({ deviceId: payload.deviceId, error: null }));
  } catch (error) {
    yield put(firmwareUploadDone({ deviceId: payload.deviceId, error: failureText(toFailedRequest(error)) }));
  }
  yield call(loadOta, payload.deviceId);
}

function* loadLogUploads(deviceId: number): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<LogUpload[]> = yield call(fetchLogUploads, client, deviceId);
    yield put(logUploadsLoaded({ deviceId, uploads: answer.data }));
  } catch (error) {
    yield put(logsDone({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

/** Asks the dock which boots it keeps logs of (the dock answers, or its refusal is shown). */
function* loadLogBoots({ payload: deviceId }: ReturnType<typeof logBootsRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<LogFileList[]> = yield call(fetchLogBoots, client, deviceId);
    yield put(logBootsLoaded({ deviceId, boots: answer.data }));
  } catch (error) {
    yield put(logsDone({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

/** Starts or cancels a dock's log upload; the refusal (one running, DJI's code …) is shown on the panel. */
function* changeLogUpload(action: ReturnType<typeof logUploadRequested> | ReturnType<typeof logCancelRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  const deviceId = typeof action.payload === 'number' ? action.payload : action.payload.deviceId;
  try {
    if (typeof action.payload === 'number') yield call(cancelLogUpload, client, deviceId);
    else yield call(startLogUpload, client, deviceId, action.payload.input);
    yield put(logsDone({ deviceId, error: null }));
  } catch (error) {
    yield put(logsDone({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
  yield call(loadLogUploads, deviceId);
}

/** Saves one uploaded log archive in the browser. */
function* saveLogArchive({ payload }: ReturnType<typeof logArchiveRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  const doc: Document = yield getContext('document');
  try {
    const answer: Envelope<Blob> = yield call(downloadLogArchive, client, payload.deviceId, payload.upload, payload.module);
    yield call(downloadBlob, doc, payload.name, answer.data);
  } catch (error) {
    yield put(logsDone({ deviceId: payload.deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

function* loadSettings(deviceId: number): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<SettingsView> = yield call(fetchSettings, client, deviceId);
    yield put(settingsLoaded({ deviceId, view: answer.data }));
  } catch (error) {
    yield put(settingsDone({ deviceId, error: failureText(toFailedRequest(error)) }));
  }
}

/** Sends a settings change; the device's refusal (DJI's code in words) is shown on the panel, the values read again. */
function* changeSettings({ payload }: ReturnType<typeof settingsChangeRequested>): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<SettingsView> = yield call(sendSettings, client, payload.deviceId, payload.change);
    yield put(settingsLoaded({ deviceId: payload.deviceId, view: answer.data }));
    yield put(settingsDone({ deviceId: payload.deviceId, error: null }));
  } catch (error) {
    yield put(settingsDone({ deviceId: payload.deviceId, error: failureText(toFailedRequest(error)) }));
    yield call(loadSettings, payload.deviceId);
  }
}

/** Remote operations: the shown docks' debugging and flight areas, the shown aircraft's command flight, through the API. */
export default function* remoteSaga(): Saga {
  yield takeEvery(drcEnterRequested.type, drcLink);
  yield takeEvery(debugRequested.type, ({ payload }: PayloadAction<number>) => loadDebug(payload));
  yield takeEvery(debugCommandRequested.type, sendCommand);
  yield takeEvery(flightRequested.type, ({ payload }: PayloadAction<number>) => loadFlight(payload));
  yield takeEvery(flightCommandRequested.type, sendFlight);
  yield takeEvery(areasRequested.type, ({ payload }: PayloadAction<number>) => loadAreas(payload));
  yield takeEvery(areasSyncRequested.type, syncAreas);
  yield takeEvery(otaRequested.type, ({ payload }: PayloadAction<number>) => loadOta(payload));
  yield takeEvery(otaUpgradeRequested.type, upgrade);
  yield takeEvery(firmwareUploadRequested.type, uploadPackage);
  yield takeEvery(logUploadsRequested.type, ({ payload }: PayloadAction<number>) => loadLogUploads(payload));
  yield takeEvery(logBootsRequested.type, loadLogBoots);
  yield takeEvery([logUploadRequested.type, logCancelRequested.type], changeLogUpload);
  yield takeEvery(logArchiveRequested.type, saveLogArchive);
  yield takeEvery(settingsRequested.type, ({ payload }: PayloadAction<number>) => loadSettings(payload));
  yield takeEvery(settingsChangeRequested.type, changeSettings);
}
