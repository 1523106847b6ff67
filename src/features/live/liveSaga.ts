import type { PayloadAction } from '@reduxjs/toolkit';
import { call, fork, getContext, put, select, takeEvery } from 'redux-saga/effects';
import type { Camera, DeviceCamera, LiveStarted } from '@shared/liveVideo';
import type { Envelope, HttpClient } from '../../api/client';
import { failureText, toFailedRequest } from '../../api/errorCatalogue';
import { changeLive, fetchCameras, fetchWallCameras, startLive, stopLive } from '../../api/live';
import type { Saga } from '../../app/saga';
import { loadHls, loadMpegts } from './playerModules';
import type { PlayProtocol } from './playSource';
import { selectPlayProtocol } from './selectors';
import {
  camerasLoaded,
  camerasRequested,
  changeRequested,
  commandDone,
  commandFailed,
  started,
  startRequested,
  stopRequested,
  wallLoaded,
  wallRequested,
} from './liveSlice';

function* loadCameras(deviceId: number): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<Camera[]> = yield call(fetchCameras, client, deviceId);
    yield put(camerasLoaded({ deviceId, cameras: answer.data }));
  } catch {
    // A device without a live link (or out of scope) shows no cameras.
    yield put(camerasLoaded({ deviceId, cameras: [] }));
  }
}

function* loadWall(): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: Envelope<DeviceCamera[]> = yield call(fetchWallCameras, client);
    yield put(wallLoaded(answer.data));
  } catch {
    // Without the live link (or device:read) the wall has nothing to choose from.
    yield put(wallLoaded([]));
  }
}

/** Runs one command; its failure (DJI's refusal in the user's language, a timeout, …) is shown on the video's panel. */
function* command(videoId: string, deviceId: number, run: (client: HttpClient) => Promise<unknown>, after: (answer: unknown) => PayloadAction<unknown>): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    const answer: unknown = yield call(run, client);
    yield put(after(answer));
  } catch (error) {
    yield put(commandFailed({ videoId, error: failureText(toFailedRequest(error)) }));
  }
  yield call(loadCameras, deviceId);
}

/** Loads the chosen protocol's player library while the device answers a start (a failed load shows when it plays). */
function* preloadPlayer(): Saga {
  const protocol: PlayProtocol = yield select(selectPlayProtocol);
  yield call(() => (protocol === 'hls' ? loadHls() : loadMpegts()).catch(() => undefined));
}

/** Live video: cameras of the shown devices and of the wall, and start / change / stop through the API. */
export default function* liveSaga(): Saga {
  yield takeEvery(camerasRequested.type, ({ payload }: PayloadAction<number>) => loadCameras(payload));
  yield takeEvery(wallRequested.type, loadWall);
  yield takeEvery(startRequested.type, function* start({ payload }: ReturnType<typeof startRequested>) {
    yield fork(preloadPlayer);
    yield* command(
      payload.videoId,
      payload.deviceId,
      (client) => startLive(client, payload.deviceId, { video_id: payload.videoId, quality: payload.quality }),
      (answer) => started({ videoId: payload.videoId, play: (answer as Envelope<LiveStarted>).data.play }),
    );
  });
  yield takeEvery(changeRequested.type, ({ payload }: ReturnType<typeof changeRequested>) =>
    command(
      payload.videoId,
      payload.deviceId,
      (client) => changeLive(client, payload.deviceId, { video_id: payload.videoId, quality: payload.quality, lens: payload.lens }),
      () => commandDone({ videoId: payload.videoId, stopped: false }),
    ),
  );
  yield takeEvery(stopRequested.type, ({ payload }: ReturnType<typeof stopRequested>) =>
    command(
      payload.videoId,
      payload.deviceId,
      (client) => stopLive(client, payload.deviceId, payload.videoId),
      () => commandDone({ videoId: payload.videoId, stopped: true }),
    ),
  );
}
