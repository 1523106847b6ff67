import type { PayloadAction, Reducer } from '@reduxjs/toolkit';
import { call, delay, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { isKnownActionType } from '../actionRegistry';
import { logFileName, type ActionLog, type HighVolumeMode } from '../logFormat';
import { parseLog } from '../logValidation';
import type { ActionRecorder } from '../recorder';
import { buildTimeline, type Timeline } from '../replayEngine';
import {
  downloadRequested,
  fileChosen,
  highVolumeChanged,
  logLoaded,
  logRejected,
  panelOpened,
  panelToggled,
  playRequested,
  recordingRequested,
  ticked,
  type ReplayState,
} from './replaySlice';

/** What the panel's sagas reach through getContext. */
export interface ReplayServices {
  /** The app's root reducer: replays run it on their own state, never on the app store. */
  reducer: Reducer;
  recorder: ActionRecorder;
  readFileText(file: File): Promise<string>;
  saveFile(name: string, text: string): void;
  now(): Date;
}

export function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

export function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function* loadRecording() {
  const recorder: ActionRecorder = yield getContext('recorder');
  const reducer: Reducer = yield getContext('reducer');
  const log: ActionLog = recorder.exportLog();
  const timeline: Timeline = buildTimeline(reducer, log);
  yield put(logLoaded({ log, timeline, source: { kind: 'recording', name: log.recordedAt } }));
}

function* refreshOnOpen() {
  const state: ReplayState = yield select();
  if (state.open && state.source?.kind !== 'file') yield* loadRecording();
}

/** A chosen file is read, parsed and checked in full before anything is shown: a bad log changes nothing. */
function* loadFile(action: PayloadAction<File>) {
  const file = action.payload;
  const reducer: Reducer = yield getContext('reducer');
  const read: ReplayServices['readFileText'] = yield getContext('readFileText');
  let text: string;
  try {
    text = yield call(read, file);
  } catch (error) {
    yield put(logRejected(`${file.name}: ${error instanceof Error ? error.message : String(error)}`));
    return;
  }
  const checked = parseLog(text, isKnownActionType);
  if (!checked.ok) {
    yield put(logRejected(`${file.name}: ${checked.message}`));
    return;
  }
  const timeline: Timeline = buildTimeline(reducer, checked.log);
  yield put(logLoaded({ log: checked.log, timeline, source: { kind: 'file', name: file.name } }));
}

function* download() {
  const recorder: ActionRecorder = yield getContext('recorder');
  const save: ReplayServices['saveFile'] = yield getContext('saveFile');
  const now: ReplayServices['now'] = yield getContext('now');
  const log = recorder.exportLog();
  yield call(save, logFileName(now()), `${JSON.stringify(log, null, 2)}\n`);
}

function* play() {
  for (;;) {
    const { intervalMs }: ReplayState = yield select();
    yield delay(intervalMs);
    const before: ReplayState = yield select();
    if (!before.playing) return;
    yield put(ticked());
  }
}

function* applyHighVolume(action: PayloadAction<HighVolumeMode>) {
  const recorder: ActionRecorder = yield getContext('recorder');
  recorder.setHighVolume({ mode: action.payload });
}

export default function* replaySaga() {
  yield takeLatest([panelOpened.type, panelToggled.type], refreshOnOpen);
  yield takeLatest(recordingRequested.type, loadRecording);
  yield takeLatest(fileChosen.type, loadFile);
  yield takeEvery(downloadRequested.type, download);
  yield takeLatest(playRequested.type, play);
  yield takeEvery(highVolumeChanged.type, applyHighVolume);
}
