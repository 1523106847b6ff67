import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeLatest } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { TOPIC_NOTICES } from '@shared/live';
import type { Saga } from '../../app/saga';
import { detailRequested, listRequested } from '../../crud/resourcesSlice';
import { selectResource } from '../../crud/selectors';
import { loggedOut, loginSucceeded, selectToken, sessionExpired } from '../auth';
import { brokerEvents, brokerStatusChanged, topicChannel, withSubscription, type BrokerEvents, type EventBus } from '../broker';
import type { RootState } from '../../app/rootReducer';
import { bellHidden, bellShown } from './bellActions';
import { INBOX_RESOURCE, UNREAD_RESOURCE } from './resources';

/** The bell's count, and the inbox when it has been opened, read again. */
function* refreshNotices(): Saga {
  yield put(detailRequested({ resource: UNREAD_RESOURCE }));
  const inboxStatus: string = yield select((s: RootState) => selectResource(s, INBOX_RESOURCE).status);
  if (inboxStatus !== 'idle') yield put(listRequested({ resource: INBOX_RESOURCE }));
}

const brokerConnected = (action: Action) => brokerStatusChanged.match(action) && action.payload.status === 'connected';

/**
 * Follows sysinfo/notice while signed in: every signal (a notice published, edited or withdrawn) and every broker
 * (re)connection (signals sent while the link was down are lost) re-reads the count and the open inbox. No polling.
 */
function* followNotices(bus: EventBus<BrokerEvents>): Saga {
  yield fork(refreshNotices);
  yield* withSubscription(TOPIC_NOTICES, function* () {
    const channel: EventChannel<{ message: unknown }> = yield call(topicChannel, bus, TOPIC_NOTICES);
    try {
      yield takeLatest(brokerConnected, refreshNotices);
      while (true) {
        yield take(channel);
        yield fork(refreshNotices);
      }
    } finally {
      channel.close();
    }
  });
}

/** Follows the notices for each signed-in session. */
function* followWhileSignedIn(bus: EventBus<BrokerEvents>): Saga {
  while (true) {
    const token: string | null = yield select(selectToken);
    if (!token) yield take(loginSucceeded.type);
    const following: Task = yield fork(followNotices, bus);
    yield take([loggedOut.type, sessionExpired.type]);
    yield cancel(following);
  }
}

/** While the header bell is on screen, and someone is signed in, the count and the inbox follow sysinfo/notice. */
export default function* noticesSaga(options: { bus?: EventBus<BrokerEvents> } = {}): Saga {
  const bus = options.bus ?? brokerEvents;
  while (true) {
    yield take(bellShown.type);
    const following: Task = yield fork(followWhileSignedIn, bus);
    yield take(bellHidden.type);
    yield cancel(following);
  }
}
