import { TOPIC_NOTICES } from '@shared/live';
import { brokerEvents } from '../../../src/features/broker';
import { brokerStatusChanged } from '../../../src/features/broker/brokerSlice';
import { listRequested } from '../../../src/crud/resourcesSlice';
import { initialAuthState, loggedOut, loginSucceeded } from '../../../src/features/auth/authSlice';
import { selectUnreadCount } from '../../../src/features/notifications';
import { INBOX_RESOURCE } from '../../../src/features/notices';
import { bellHidden, bellShown } from '../../../src/features/notices/bellActions';
import { demoUser } from '../support/renderApp';
import { createTestStore, flush } from '../support/testStore';

describe('notices over the broker (sysinfo/notice)', () => {
  const signal = { notice_id: 3, change: 'published', at: 1 };

  it('the bell and the open inbox follow every signal and each reconnection, without polling', async () => {
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'nextTick', 'setImmediate', 'queueMicrotask'] });
    let unread = 1;
    const { store, calls } = createTestStore(
      { 'GET /Notice/unread/': () => ({ count: unread }), 'GET /Notice/': () => ({ items: [], total: 0 }) },
      { auth: { ...initialAuthState, token: 'tok', user: demoUser } },
    );
    const reads = () => calls.filter((c) => c.path === '/Notice/unread/').length;
    await flush();
    // Nothing is read until a bell is on screen.
    expect(reads()).toBe(0);
    store.dispatch(bellShown());
    await flush();
    expect(reads()).toBe(1);
    expect(selectUnreadCount(store.getState())).toBe(1);
    expect(store.getState().broker.subscriptions).toContain(TOPIC_NOTICES);

    unread = 2;
    brokerEvents.emit(TOPIC_NOTICES, { topic: TOPIC_NOTICES, message: signal });
    await flush();
    expect(reads()).toBe(2);
    expect(selectUnreadCount(store.getState())).toBe(2);
    // The inbox is read again only once it has been opened.
    expect(calls.filter((c) => c.path === '/Notice/')).toHaveLength(0);
    store.dispatch(listRequested({ resource: INBOX_RESOURCE, query: { page: 1, pageSize: 20, search: '', ordering: '', filters: { published: '1' } } }));
    await flush();
    brokerEvents.emit(TOPIC_NOTICES, { topic: TOPIC_NOTICES, message: signal });
    await flush();
    expect(calls.filter((c) => c.path === '/Notice/')).toHaveLength(2);

    store.dispatch(brokerStatusChanged({ status: 'connected' }));
    await flush();
    expect(reads()).toBe(4);
    // Nothing on a timer: a minute later no further read.
    jest.advanceTimersByTime(120_000);
    await flush();
    expect(reads()).toBe(4);

    store.dispatch(loggedOut({ serverConfirmed: true }));
    await flush();
    expect(store.getState().broker.subscriptions).not.toContain(TOPIC_NOTICES);
    brokerEvents.emit(TOPIC_NOTICES, { topic: TOPIC_NOTICES, message: signal });
    await flush();
    expect(reads()).toBe(4);

    // Signed in again with the bell gone (the remote controller's pages): still nothing read.
    store.dispatch(bellHidden());
    store.dispatch(loginSucceeded({ token: 'tok2', user: demoUser }));
    await flush();
    brokerEvents.emit(TOPIC_NOTICES, { topic: TOPIC_NOTICES, message: signal });
    await flush();
    expect(reads()).toBe(4);
    jest.useRealTimers();
  });
});
