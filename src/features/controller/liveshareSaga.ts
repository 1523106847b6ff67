import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, fork, getContext, put, race, select, take, takeLeading } from 'redux-saga/effects';
import type { LiveshareTarget } from '@shared/liveVideo';
import { callApi } from '../../api/callApi';
import type { Envelope, HttpClient } from '../../api/client';
import { endLiveshare, requestLiveshare } from '../../api/live';
import type { Saga } from '../../app/saga';
import { getBridge, toBridgeFailure, type BridgeFailure, type DjiBridge } from './bridge';
import { LIVESHARE_STATUS_CALLBACK } from './components';
import { selectRemoteControllerSn } from './controllerSlice';
import {
  isAlreadyLive,
  isNotLive,
  liveshareFailureText,
  liveshareUrlExpiresInMs,
  MANUAL_PUBLISH_TYPE,
  parseLiveshareStatus,
  rtmpConfig,
  type LiveshareStatus,
} from './liveshare';
import {
  liveshareFailed,
  liveshareStarted,
  liveshareStartRequested,
  liveshareStatusReported,
  liveshareStatusRequested,
  liveshareStopped,
  liveshareStopRequested,
  liveshareTargetSet,
  liveshareUrlExpired,
} from './liveshareSlice';

/** A bridge step: its failure as plain data, or null. */
function* bridgeStep(step: (bridge: DjiBridge) => unknown): Saga<BridgeFailure | null> {
  try {
    const bridge: DjiBridge = yield call(getBridge);
    yield call(step, bridge);
    return null;
  } catch (error) {
    return toBridgeFailure(error);
  }
}

/** Tells the server the push ended; quietly (the pilot sees the controller's state; an idle stream ends by itself). */
function* endQuietly(gatewaySn: string): Saga {
  const client: HttpClient = yield getContext('http');
  try {
    yield call(endLiveshare, client, gatewaySn);
  } catch {
    // See above.
  }
}

/** The controller's serial: known since the sign-in, else asked of the bridge. */
function* controllerSn(): Saga<string | null> {
  const known: string | null = yield select(selectRemoteControllerSn);
  if (known) return known;
  try {
    const bridge: DjiBridge = yield call(getBridge);
    return (yield call([bridge, bridge.getRemoteControllerSn])) as string | null;
  } catch {
    return null;
  }
}

/** Reads Pilot 2's live status into the slice (quietly: the panel shows what it knows). */
function* readStatus(): Saga {
  try {
    const bridge: DjiBridge = yield call(getBridge);
    const status: LiveshareStatus = yield call([bridge, bridge.liveshareGetStatus]);
    yield put(liveshareStatusReported(status));
  } catch {
    // No liveshare component (yet): nothing to show.
  }
}

/**
 * Publish: the server's RTMP URL for this controller's aircraft camera, then Pilot 2's publish type (on demand and by
 * hand), the RTMP config (liveshareSetConfig type 2) and liveshareStartLive. A push that is live already counts as
 * started; a refused start closes the stream the server opened for it (unless the console's stream was joined).
 */
function* publish(): Saga {
  const gatewaySn: string | null = yield* controllerSn();
  if (!gatewaySn) {
    yield put(
      liveshareFailed(liveshareFailureText({ kind: 'missing', method: 'platformGetRemoteControllerSN', code: null, message: 'no remote controller serial' })),
    );
    return;
  }
  let target: LiveshareTarget;
  try {
    const answer: Envelope<LiveshareTarget> = yield* callApi(requestLiveshare, gatewaySn);
    target = answer.data;
  } catch {
    // callApi showed the server's reason (scope, offline, no aircraft camera…).
    yield put(liveshareFailed({ key: 'controller.liveshare.noTarget' }));
    return;
  }
  yield put(liveshareTargetSet({ videoId: target.video_id, expiresAt: target.expires_at, joined: target.joined }));
  const failure: BridgeFailure | null = yield* bridgeStep((bridge) => {
    bridge.liveshareSetVideoPublishType(MANUAL_PUBLISH_TYPE);
    bridge.liveshareSetConfig(rtmpConfig(target.url));
    try {
      bridge.liveshareStartLive();
    } catch (error) {
      if (!isAlreadyLive(toBridgeFailure(error))) throw error;
    }
  });
  if (failure) {
    if (!target.joined) yield* endQuietly(gatewaySn);
    yield put(liveshareFailed(liveshareFailureText(failure)));
    return;
  }
  yield put(liveshareStarted());
  yield fork(watchUrlExpiry, Date.parse(target.expires_at));
  yield* readStatus();
}

/** Tells the panel when the push URL expires while it publishes (a stop or a new start ends the wait). */
function* watchUrlExpiry(expiresAtMs: number): Saga {
  const { expired } = (yield race({
    expired: delay(liveshareUrlExpiresInMs(expiresAtMs, Date.now())),
    ended: take([liveshareStopped.type, liveshareStartRequested.type]),
  })) as { expired?: true };
  if (expired) yield put(liveshareUrlExpired());
}

/** Stop: liveshareStopLive (no live stream any more counts as stopped), then the server ends the stream. */
function* unpublish(): Saga {
  const failure: BridgeFailure | null = yield* bridgeStep((bridge) => {
    try {
      bridge.liveshareStopLive();
    } catch (error) {
      if (!isNotLive(toBridgeFailure(error))) throw error;
    }
  });
  if (failure) {
    yield put(liveshareFailed(liveshareFailureText(failure)));
    return;
  }
  const gatewaySn: string | null = yield* controllerSn();
  if (gatewaySn) yield* endQuietly(gatewaySn);
  yield put(liveshareStopped());
  yield* readStatus();
}

/** Pilot 2 calls window[LIVESHARE_STATUS_CALLBACK](status) on each change of the push and while it runs. */
export function liveshareStatusChannel(win: Window = window): EventChannel<LiveshareStatus> {
  return eventChannel<LiveshareStatus>((emit) => {
    const target = win as unknown as Record<string, unknown>;
    target[LIVESHARE_STATUS_CALLBACK] = (raw: unknown) => {
      const status = parseLiveshareStatus(raw);
      if (status) emit(status);
    };
    return () => {
      delete target[LIVESHARE_STATUS_CALLBACK];
    };
  });
}

function* watchStatus(): Saga {
  const channel: EventChannel<LiveshareStatus> = yield call(liveshareStatusChannel);
  try {
    while (true) {
      const status: LiveshareStatus = yield take(channel);
      yield put(liveshareStatusReported(status));
    }
  } finally {
    channel.close();
  }
}

/** /djiapp liveshare: publish and stop through Pilot 2's liveshare component, and its live status. */
export default function* liveshareSaga(): Saga {
  yield fork(watchStatus);
  yield takeLeading(liveshareStartRequested.type, publish);
  yield takeLeading(liveshareStopRequested.type, unpublish);
  yield takeLeading(liveshareStatusRequested.type, readStatus);
}
