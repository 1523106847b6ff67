import { call, delay, getContext, put, race, take } from 'redux-saga/effects';
import { refreshSession } from '../../api/auth';
import { requestFailed } from '../../api/callApi';
import type { Envelope, HttpClient } from '../../api/client';
import { toFailedRequest } from '../../api/errorCatalogue';
import type { Saga } from '../../app/saga';
import { loggedOut, sessionExpired } from './authSlice';
import { FIRST_REFRESH_MS, sessionRefreshDelayMs } from './sessionRefresh';
import { untilSignedIn } from './untilSignedIn';

/**
 * Refreshes the session before it ends, again and again: a console left open (or DJI Pilot 2 in the cloud through
 * /djiapp, whose api, ws and thing components hold this very token) stays signed in while it is open. A refresh the
 * server refuses (401: the session was revoked or has ended) signs out like any other 401; one that does not reach it is
 * tried again a minute later, quietly.
 */
function* keepAlive(): Saga<'refused'> {
  let wait = FIRST_REFRESH_MS;
  for (;;) {
    yield delay(wait);
    try {
      const client: HttpClient = yield getContext('http');
      const answer: Envelope<{ expiresAt: string }> = yield call(refreshSession, client);
      wait = sessionRefreshDelayMs(Date.parse(answer.data.expiresAt), Date.now());
    } catch (error) {
      const failed = toFailedRequest(error);
      if (failed.status === 401) {
        yield put(requestFailed(failed));
        return 'refused';
      }
      wait = sessionRefreshDelayMs(Number.NaN, Date.now());
    }
  }
}

/** While someone is signed in, keeps the session alive; stops on sign-out. */
export default function* sessionSaga(): Saga {
  for (;;) {
    yield* untilSignedIn();
    const { refused }: { refused?: 'refused' } = yield race({ refused: call(keepAlive), ended: take([loggedOut.type, sessionExpired.type]) });
    // The refused refresh's 401 signs the user out: follow the next sign-in only after that.
    if (refused) yield take([loggedOut.type, sessionExpired.type]);
  }
}
