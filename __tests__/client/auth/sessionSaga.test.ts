import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel } from 'redux-saga';
import { requestFailed } from '../../../src/api/callApi';
import { loggedOut } from '../../../src/features/auth/authSlice';
import { FIRST_REFRESH_MS, sessionRefreshDelayMs } from '../../../src/features/auth/sessionRefresh';
import sessionSaga from '../../../src/features/auth/sessionSaga';
import { fakeHttp, httpError, type Route } from '../support/testStore';

const HOUR = 3_600_000;

describe('sessionRefreshDelayMs', () => {
  const now = Date.parse('2026-12-07T08:00:00Z');
  it.each<[string, number, number]>([
    ['halfway through what is left of a 12 h session', now + 12 * HOUR, 6 * HOUR],
    ['a session with 10 minutes left: in 5', now + 10 * 60_000, 5 * 60_000],
    ['never more often than once a minute', now + 30_000, 60_000],
    ['an ended session: a minute (the server answers 401 then)', now - HOUR, 60_000],
    ['at least every 6 h, however long the session', now + 7 * 24 * HOUR, 6 * HOUR],
    ['an unreadable end: a minute', Number.NaN, 60_000],
  ])('%s', (_what, expiresAt, expected) => {
    expect(sessionRefreshDelayMs(expiresAt, now)).toBe(expected);
  });
});

describe('sessionSaga', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-12-07T08:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  /** The saga alone, signed in, against a fake API; returns what it called and dispatched. */
  function start(routes: Record<string, Route>) {
    const { http, calls } = fakeHttp(routes);
    const dispatched: UnknownAction[] = [];
    const channel = stdChannel<UnknownAction>();
    const auth = { token: 'tok' as string | null };
    const task = runSaga({ channel, dispatch: (action: UnknownAction) => dispatched.push(action), getState: () => ({ auth }), context: { http } }, sessionSaga);
    const refreshes = () => calls.filter((c) => c.path === '/auth/refresh/').length;
    /** Signs out as the app does: the token leaves the state, then the action goes out. */
    const signOut = () => {
      auth.token = null;
      channel.put(loggedOut({ serverConfirmed: true }));
    };
    return { task, dispatched, refreshes, signOut };
  }

  it('refreshes a few minutes after start, then halfway through what is left of the session, again and again', async () => {
    const { task, refreshes } = start({ 'POST /auth/refresh/': () => ({ expiresAt: new Date(Date.now() + 12 * HOUR).toISOString() }) });
    await jest.advanceTimersByTimeAsync(FIRST_REFRESH_MS - 1);
    expect(refreshes()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(refreshes()).toBe(1);
    await jest.advanceTimersByTimeAsync(6 * HOUR);
    expect(refreshes()).toBe(2);
    await jest.advanceTimersByTimeAsync(6 * HOUR);
    expect(refreshes()).toBe(3);
    task.cancel();
  });

  it('signs out like any 401 when the server refuses the refresh, and stops refreshing', async () => {
    const { task, dispatched, refreshes } = start({ 'POST /auth/refresh/': httpError(401, 'Token is invalid, expired or revoked') });
    await jest.advanceTimersByTimeAsync(FIRST_REFRESH_MS);
    expect(dispatched.filter((action) => requestFailed.match(action)).map((action) => action.payload.status)).toEqual([401]);
    await jest.advanceTimersByTimeAsync(24 * HOUR);
    expect(refreshes()).toBe(1);
    task.cancel();
  });

  it('tries again a minute after a refresh that did not reach the server, quietly', async () => {
    let reachable = false;
    const { task, dispatched, refreshes } = start({
      'POST /auth/refresh/': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return { expiresAt: new Date(Date.now() + 12 * HOUR).toISOString() };
      },
    });
    await jest.advanceTimersByTimeAsync(FIRST_REFRESH_MS);
    expect(refreshes()).toBe(1);
    reachable = true;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(refreshes()).toBe(2);
    expect(dispatched).toEqual([]);
    task.cancel();
  });

  it('stops on sign-out', async () => {
    const { task, refreshes, signOut } = start({ 'POST /auth/refresh/': () => ({ expiresAt: new Date(Date.now() + 12 * HOUR).toISOString() }) });
    await jest.advanceTimersByTimeAsync(FIRST_REFRESH_MS);
    expect(refreshes()).toBe(1);
    signOut();
    await jest.advanceTimersByTimeAsync(24 * HOUR);
    expect(refreshes()).toBe(1);
    task.cancel();
  });
});
