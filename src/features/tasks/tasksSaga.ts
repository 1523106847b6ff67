import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, fork, put, select, take } from 'redux-saga/effects';
import { TOPIC_TASK } from '@shared/entities/task';
import type { Saga } from '../../app/saga';
import { loggedOut, loginSucceeded, sessionExpired } from '../auth';
import { brokerEvents, topicChannel, withSubscription, type BrokerEvents, type EventBus } from '../broker';
import { readTaskLive } from './taskLive';
import { taskLiveReceived } from './tasksSlice';

/** Follows sysinfo/task: every dispatched task's status and progress as the aircraft reports it. */
function* followTasks(bus: EventBus<BrokerEvents>): Saga {
  yield* withSubscription(TOPIC_TASK, function* () {
    const channel: EventChannel<{ message: unknown }> = yield call(topicChannel, bus, TOPIC_TASK);
    try {
      while (true) {
        const { message }: { message: unknown } = yield take(channel);
        const live = readTaskLive(message);
        if (live) yield put(taskLiveReceived(live));
        else console.warn('tasks: dropped a sysinfo/task message of an unknown shape');
      }
    } finally {
      channel.close();
    }
  });
}

/** While someone is signed in, the task progress pushed by the server lands in the store. */
export default function* tasksSaga(options: { bus?: EventBus<BrokerEvents> } = {}): Saga {
  const bus = options.bus ?? brokerEvents;
  while (true) {
    const token: string | null = yield select((s: { auth: { token: string | null } }) => s.auth.token);
    if (!token) yield take(loginSucceeded.type);
    const follower: Task = yield fork(followTasks, bus);
    yield take([loggedOut.type, sessionExpired.type]);
    yield cancel(follower);
  }
}
