import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../src/api/client';
import { demoUser, loggedInState, renderApp } from '../support/renderApp';

beforeEach(() => {
  // A desktop-wide window: narrower than 1500 px the sidebar starts collapsed.
  window.innerWidth = 1600;
  localStorage.clear();
  document.documentElement.lang = 'zh-CN';
  delete (window as { djiBridge?: unknown }).djiBridge;
});

describe('console shell', () => {
  it('an unknown path lands on the 404 page', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: /404/ })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/404');
  });

  it('a protected page without login shows the login form, and signing in returns to it', async () => {
    const { router, calls } = renderApp('/Device/UAV', { routes: { 'POST /auth/login/': () => ({ token: 'tok', expiresAt: 'x', user: demoUser }) } });
    const username = await screen.findByLabelText(/用户名/);
    expect(router.location.pathname).toBe('/login');
    await userEvent.type(username, 'admin');
    await userEvent.type(screen.getByLabelText(/密码/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.location.pathname).toBe('/Device/UAV'));
    expect(await screen.findByRole('heading', { name: '无人机管理' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/auth/login/' });
    expect(screen.getByRole('button', { name: '用户菜单' })).toHaveTextContent('系统管理员');
  });

  it("a failed sign-in shows the server's reason on the form, in the app language", async () => {
    renderApp('/login', {
      routes: {
        'POST /auth/login/': () => {
          throw new ApiError('http', 'Wrong username or password', 401, { code: 401, msg: 'Wrong username or password', error_code: 'auth.wrong_credentials' });
        },
      },
    });
    await userEvent.type(await screen.findByLabelText(/用户名/), 'admin');
    await userEvent.type(screen.getByLabelText(/密码/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('登录失败：用户名或密码错误')).toBeInTheDocument();
  });

  it('root goes to the first menu route; menu groups open their first page', async () => {
    const { router } = renderApp('/', { preloadedState: loggedInState });
    expect(await screen.findByRole('heading', { name: '态势感知' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/Tas');
    act(() => router.navigate('/AirSpace'));
    expect(await screen.findByRole('heading', { name: '空域申请' })).toBeInTheDocument();
  });

  it('the sidebar is a navigation landmark of links, and pages become closable tabs', async () => {
    const { router, store } = renderApp('/Tas', { preloadedState: loggedInState });
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    await userEvent.click(within(nav).getByRole('button', { name: /GIS地图/ }));
    await userEvent.click(within(nav).getByRole('link', { name: '点要素' }));
    expect(await screen.findByRole('heading', { name: '点要素' })).toBeInTheDocument();
    const tablist = screen.getByRole('tablist', { name: '已打开的页面' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['态势感知', '点要素']);
    await userEvent.click(within(tablist).getByRole('button', { name: '关闭 点要素' }));
    await waitFor(() => expect(router.location.pathname).toBe('/Tas'));
    expect(store.getState().tabs.tabs.map((t) => t.path)).toEqual(['/Tas']);
  });

  it('switching the language relabels the UI, sets <html lang> and persists the choice', async () => {
    renderApp('/Tas', { preloadedState: loggedInState });
    await screen.findByRole('heading', { name: '态势感知' });
    await userEvent.selectOptions(screen.getByLabelText('语言'), 'en');
    expect(await screen.findByRole('heading', { name: 'Situational view' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('the header shows a login link when logged out (not on /login) and the unread bell when logged in', async () => {
    renderApp('/404');
    expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /未读消息/ })).not.toBeInTheDocument();
  });

  it('the bell shows the unread count', async () => {
    renderApp('/404', { preloadedState: loggedInState, routes: { 'GET /Notice/unread/': () => ({ count: 2 }) } });
    const bell = await screen.findByRole('link', { name: '未读消息 2 条' });
    expect(bell).toHaveTextContent('2');
  });

  it('controller pages opened in a normal browser show the info message and go home', async () => {
    const { router } = renderApp('/djiapp/home', { preloadedState: loggedInState });
    expect(await screen.findByText('请在大疆遥控器访问')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/Tas'));
  });

  it('inside the controller bridge, console paths go to the controller login', async () => {
    (window as { djiBridge?: unknown }).djiBridge = {};
    const { router } = renderApp('/Device/UAV');
    await waitFor(() => expect(router.location.pathname).toBe('/djiapp/login'));
  });

  it('logout from the user menu signs out and returns to /login', async () => {
    localStorage.setItem('token', 'tok');
    const { router, store } = renderApp('/Tas', { preloadedState: loggedInState, routes: { 'POST /auth/logout/': () => null } });
    await userEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
