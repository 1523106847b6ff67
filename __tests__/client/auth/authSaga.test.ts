import { initialAuthState, loggedOut, loginRequested, logoutRequested, userInfoRequested } from '../../../src/features/auth/authSlice';
import { pageOpened } from '../../../src/features/tabs/tabsSlice';
import { createTestStore, flush, httpError } from '../support/testStore';

const user = { id: 1, username: 'admin', name: '系统管理员', phone: null, email: null };
const loggedIn = { auth: { ...initialAuthState, token: 'tok', user } };

describe('auth saga', () => {
  beforeEach(() => localStorage.clear());

  it('login stores the token in the store and local storage', async () => {
    const { store, calls } = createTestStore({ 'POST /auth/login/': () => ({ token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user }) });
    store.dispatch(loginRequested({ username: 'admin', password: 'secret' }));
    await flush();
    expect(calls[0].options?.body).toEqual({ username: 'admin', password: 'secret' });
    expect(store.getState().auth).toMatchObject({ token: 'tok', user, loginStatus: 'idle' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(user);
  });

  it('a wrong password shows on the form and does not count as an expired session', async () => {
    const { store, navigations } = createTestStore({
      'POST /auth/login/': httpError(401, 'Wrong username or password', { error_code: 'auth.wrong_credentials' }),
    });
    localStorage.setItem('language', 'en');
    store.dispatch(loginRequested({ username: 'admin', password: 'bad' }));
    await flush();
    expect(store.getState().auth).toMatchObject({ token: null, loginStatus: 'failed', loginError: { key: 'apiError.auth.wrong_credentials', params: {} } });
    expect(store.getState().notifications.queue).toEqual([]);
    expect(localStorage.getItem('language')).toBe('en');
    expect(navigations).toEqual([]);
  });

  it('login info refreshes the stored user', async () => {
    const fresh = { ...user, name: '新名字' };
    const { store } = createTestStore({ 'GET /logininfo/': () => fresh }, loggedIn);
    store.dispatch(userInfoRequested());
    await flush();
    expect(store.getState().auth.user).toEqual(fresh);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(fresh);
  });

  it('a 401 clears the user state, wipes local storage and warns', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('something', 'else');
    const { store } = createTestStore({ 'GET /logininfo/': httpError(401, 'expired') }, loggedIn);
    store.dispatch(pageOpened({ name: 'x', title: 't', path: '/x' }));
    store.dispatch(userInfoRequested());
    await flush();
    expect(store.getState().auth).toMatchObject({ token: null, user: null });
    expect(store.getState().tabs.tabs).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('something')).toBeNull();
    expect(store.getState().notifications.queue[0]).toMatchObject({ messageKey: 'http.401', severity: 'warning' });
  });

  it.each([
    ['server confirms (code 200)', () => null, true],
    ['server fails: still signed out locally', httpError(500, 'down'), false],
  ])('logout: %s', async (_name, handler, confirmed) => {
    localStorage.setItem('token', 'tok');
    const { store, navigations, actions } = createTestStore({ 'POST /auth/logout/': handler }, loggedIn);
    store.dispatch(logoutRequested());
    await flush();
    expect(store.getState().auth).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigations).toEqual(['/login']);
    expect(actions).toContainEqual(loggedOut({ serverConfirmed: confirmed }));
  });
});
