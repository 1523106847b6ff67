import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { RootState } from '../../../src/app/rootReducer';
import { createAppStore } from '../../../src/app/store';
import { initialAuthState, loginSucceeded } from '../../../src/features/auth/authSlice';
import { toastShown } from '../../../src/shared/toasts';
import { createTestI18n } from '../support/i18n';
import { demoUser } from '../support/renderApp';
import { fakeHttp, flush } from '../support/testStore';

/** What a signed-in saga saw: each action it took, with whether the state held a token when it took it. */
interface Seen {
  type: string;
  signedIn: boolean;
}

/** A stand-in for the signed-in sagas: takes every action; answers `ping` with `pong`, as a saga's own put. */
function watcher(seen: Seen[]): Saga {
  return function* () {
    yield takeEvery('*', function* (action: UnknownAction) {
      const token: string | null = yield select((s: RootState) => s.auth.token);
      seen.push({ type: action.type, signedIn: token !== null });
      if (action.type === 'test/ping') yield put({ type: 'test/pong' });
    });
  };
}

/** The store as bootstrap builds it, the signed-in sagas' chunk arriving when the test says (or failing). */
function setUp(preloadedState?: Partial<RootState>) {
  const seen: Seen[] = [];
  const dispatched: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    dispatched.push((action as UnknownAction).type);
    return next(action);
  };
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const load = jest.fn(
    () =>
      new Promise<{ default: Saga }>((resolve, reject) => {
        arrive = () => resolve({ default: watcher(seen) });
        fail = reject;
      }),
  );
  const store = createAppStore({
    services: { http: fakeHttp({}).http, navigator: { navigate: () => undefined }, storage: window.localStorage, i18n: createTestI18n('zh-cn'), document },
    middleware: [record],
    preloadedState,
    loadSignedInSagas: load,
  });
  return { store, seen, dispatched, load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

const signIn = () => loginSucceeded({ token: 'tok', user: demoUser });

describe('startWhenSignedIn: the signed-in sagas', () => {
  it('are not loaded while nobody is signed in, and load on sign-in', async () => {
    const { store, load } = setUp();
    store.dispatch({ type: 'test/before' });
    await flush();
    expect(load).not.toHaveBeenCalled();
    store.dispatch(signIn());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('see every action from sign-in on, in order, the ones dispatched while their chunk loads included', async () => {
    const { store, seen, dispatched, arrive } = setUp();
    store.dispatch({ type: 'test/before' });
    store.dispatch(signIn());
    store.dispatch({ type: 'test/while-loading-1' });
    store.dispatch({ type: 'test/ping' });
    store.dispatch({ type: 'test/while-loading-2' });
    await flush();
    expect(seen).toEqual([]);

    arrive();
    await flush();
    store.dispatch({ type: 'test/after' });
    await flush();
    // The kept actions first (taken with the state as it is when they run), the saga's own answer after the action
    // it answers, then live ones; nothing from before sign-in.
    expect(seen.map((s) => s.type)).toEqual(['test/while-loading-1', 'test/ping', 'test/while-loading-2', 'test/pong', 'test/after']);
    expect(seen.every((s) => s.signedIn)).toBe(true);
    // Each action reached the store once: the kept ones are handed to the sagas, not dispatched again.
    expect(dispatched.filter((type) => type.startsWith('test/'))).toEqual([
      'test/before',
      'test/while-loading-1',
      'test/ping',
      'test/while-loading-2',
      'test/pong',
      'test/after',
    ]);
  });

  it('load at once with a stored session', async () => {
    const { store, seen, load, arrive } = setUp({ auth: { ...initialAuthState, token: 'tok', user: demoUser } });
    expect(load).toHaveBeenCalledTimes(1);
    store.dispatch({ type: 'test/first-page' });
    arrive();
    await flush();
    expect(seen.map((s) => s.type)).toEqual(['test/first-page']);
  });

  it('a chunk that fails to load shows one error toast, and the app carries on', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store, dispatched, fail } = setUp();
    store.dispatch(signIn());
    fail(new Error('Loading chunk signed-in-sagas failed'));
    await flush();
    expect(store.getState().notifications.queue).toEqual([expect.objectContaining({ messageKey: 'page.chunkFailedBody', severity: 'error' })]);
    expect(dispatched.filter((type) => type === toastShown.type)).toHaveLength(1);
    jest.mocked(console.error).mockRestore();
  });
});
