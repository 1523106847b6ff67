import { eventChannel, type EventChannel } from 'redux-saga';
import { put, select } from 'redux-saga/effects';
import type { Saga } from '../../app/saga';
import { subscriptionsChanged } from './brokerSlice';
import type { BrokerEvents, EventBus } from './eventBus';

/** Broker messages of one topic as a channel (wrapped: a channel cannot carry undefined). */
export function topicChannel(bus: EventBus<BrokerEvents>, topic: string): EventChannel<{ message: unknown }> {
  return eventChannel((emit) => bus.on(topic, ({ message }) => emit({ message })));
}

/** Subscribes to `topic` for as long as the calling saga runs, unless someone else already had. */
export function* withSubscription<T>(topic: string, body: () => Saga<T>): Saga<T> {
  const had: boolean = yield select((s: { broker: { subscriptions: string[] } }) => s.broker.subscriptions.includes(topic));
  if (!had) yield put(subscriptionsChanged({ add: [topic] }));
  try {
    return yield* body();
  } finally {
    if (!had) yield put(subscriptionsChanged({ remove: [topic] }));
  }
}
