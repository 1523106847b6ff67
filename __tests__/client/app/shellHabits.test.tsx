import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { MenuIcon } from '../../../src/features/menu/menuIcons';
import { findMenuItem, MENU_TREE } from '../../../src/features/menu/menuTree';
import { tabsKey } from '../../../src/app/persistence';
import { demoUser, loggedInState, renderApp } from '../support/renderApp';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

const viewer = { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: ['device:read', 'map:read', 'task:read'] } } };
const tabLabels = () =>
  within(screen.getByRole('tablist', { name: '已打开的页面' }))
    .queryAllByRole('tab')
    .map((t) => t.textContent);
const selectedTabs = () =>
  within(screen.getByRole('tablist', { name: '已打开的页面' }))
    .queryAllByRole('tab')
    .filter((t) => t.getAttribute('aria-selected') === 'true');

beforeEach(() => {
  window.innerWidth = 1600;
  localStorage.clear();
  delete (window as { djiBridge?: unknown }).djiBridge;
});

describe('tabs survive a reload', () => {
  it('the open tabs and the active one are saved per user and come back in a new app instance', async () => {
    const first = renderApp('/Tas', { preloadedState: loggedInState });
    await screen.findByRole('heading', { name: '态势感知' });
    await act(async () => first.router.navigate('/Device/UAV'));
    await screen.findByRole('heading', { name: '无人机管理' });
    await act(async () => first.router.navigate('/Tas'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(tabsKey('admin')) ?? '{}').activePath).toBe('/Tas'));
    first.unmount();

    // A reload: a new store and router over the same local storage, on the page that was on screen.
    renderApp('/Tas', { preloadedState: loggedInState });
    await screen.findByRole('heading', { name: '态势感知' });
    expect(tabLabels()).toEqual(['态势感知', '无人机管理']);
    expect(selectedTabs().map((t) => t.textContent)).toEqual(['态势感知']);
  });

  it('another user does not get them', async () => {
    localStorage.setItem(
      tabsKey('admin'),
      JSON.stringify({ tabs: [{ name: 'device-uav', title: 'menu.deviceUav', path: '/Device/UAV' }], activePath: '/Device/UAV' }),
    );
    renderApp('/Tas', { preloadedState: { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, id: 2, username: 'pilot' } } } });
    await screen.findByRole('heading', { name: '态势感知' });
    expect(tabLabels()).toEqual(['态势感知']);
  });
});

describe('login page', () => {
  it('offers the language switch, and switching relabels the form', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: '账号登录' });
    await userEvent.selectOptions(screen.getByLabelText('语言'), 'en');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
  });
});

describe('403 and 404 inside the shell', () => {
  it('a refused page shows 403 inside the app frame (header, menu, tabs), one message and no toast', async () => {
    const { router } = renderApp('/Tas', { preloadedState: viewer });
    await screen.findByRole('navigation', { name: '主菜单' });
    await act(async () => router.navigate('/app/role'));
    const alert = await screen.findByRole('alert', { name: '403' });
    expect(alert).toHaveTextContent('无权访问');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: '已打开的页面' })).toBeInTheDocument();
    expect(screen.getAllByText('无权访问')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The refused page opens no tab and leaves none highlighted.
    expect(tabLabels()).toEqual(['态势感知']);
    expect(selectedTabs()).toHaveLength(0);
  });

  it('signed out, the 404 page shows no menu', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: /404/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '系统用户' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '展开/收起菜单' })).not.toBeInTheDocument();
  });

  it('the 404 page is not shown under the previous tab', async () => {
    const { router } = renderApp('/Tas', { preloadedState: loggedInState });
    await screen.findByRole('heading', { name: '态势感知' });
    expect(selectedTabs().map((t) => t.textContent)).toEqual(['态势感知']);
    await act(async () => router.navigate('/no/such/page'));
    expect(await screen.findByRole('heading', { name: /404/ })).toBeInTheDocument();
    expect(tabLabels()).toEqual(['态势感知']);
    expect(selectedTabs()).toHaveLength(0);
  });
});

describe('menu icons', () => {
  it('用户 and 系统用户 have distinct icons', () => {
    const svgOf = (path: string) => {
      const { container, unmount } = render(<MenuIcon name={findMenuItem(MENU_TREE, path)!.icon} />);
      const markup = container.innerHTML;
      unmount();
      return markup;
    };
    expect(svgOf('/app/user')).not.toBe(svgOf('/sys/user'));
  });
});
