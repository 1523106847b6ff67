import { decideNavigation, safeRedirect, type NavigationContext, type NavigationDecision } from '../../../src/features/navigation/guard';

const base: NavigationContext = { path: '/Device/UAV', loggedIn: true, insideBridge: false, requireAuth: true, firstMenuPath: '/Tas' };
const info = { key: 'guard.openOnController', severity: 'info' as const };

describe('decideNavigation (spec §2 navigation guard)', () => {
  const cases: Array<[string, Partial<NavigationContext>, NavigationDecision]> = [
    ['bridge, logged in, console path → controller home', { insideBridge: true, path: '/Device/UAV' }, { action: 'redirect', to: '/djiapp/home' }],
    ['bridge, logged out, console path → controller login', { insideBridge: true, loggedIn: false, path: '/Tas' }, { action: 'redirect', to: '/djiapp/login' }],
    [
      'bridge, logged out, /login → controller login',
      { insideBridge: true, loggedIn: false, path: '/login', requireAuth: false },
      { action: 'redirect', to: '/djiapp/login' },
    ],
    ['bridge, root → controller home', { insideBridge: true, path: '/', requireAuth: false }, { action: 'redirect', to: '/djiapp/home' }],
    ['bridge, controller path is allowed', { insideBridge: true, path: '/djiapp/task', requireAuth: false }, { action: 'allow' }],
    [
      'bridge, controller login allowed when logged out',
      { insideBridge: true, loggedIn: false, path: '/djiapp/login', requireAuth: false },
      { action: 'allow' },
    ],
    [
      'bridge, logged out, controller home → controller login',
      { insideBridge: true, loggedIn: false, path: '/djiapp/home', requireAuth: false },
      { action: 'redirect', to: '/djiapp/login' },
    ],
    [
      'bridge, logged out, bare /djiapp → controller login',
      { insideBridge: true, loggedIn: false, path: '/djiapp', requireAuth: false },
      { action: 'redirect', to: '/djiapp/login' },
    ],
    ['browser, controller path → home with info message', { path: '/djiapp/home', requireAuth: false }, { action: 'redirect', to: '/', message: info }],
    [
      'browser, bare /djiapp → home with info message',
      { path: '/djiapp', loggedIn: false, requireAuth: false },
      { action: 'redirect', to: '/', message: info },
    ],
    ['browser, a path merely starting with djiapp is not a controller path', { path: '/djiappx', requireAuth: false }, { action: 'allow' }],
    ['/login while logged in → home', { path: '/login', requireAuth: false }, { action: 'redirect', to: '/' }],
    [
      '/login while logged in → the page login was asked for',
      { path: '/login', redirectParam: '/Device/UAV', requireAuth: false },
      { action: 'redirect', to: '/Device/UAV' },
    ],
    ['/login never redirects off-site', { path: '/login', redirectParam: '//evil.example', requireAuth: false }, { action: 'redirect', to: '/' }],
    [
      'bridge, logged in, controller login → controller home',
      { insideBridge: true, path: '/djiapp/login', requireAuth: false },
      { action: 'redirect', to: '/djiapp/home' },
    ],
    ['/login while logged out is allowed', { path: '/login', loggedIn: false, requireAuth: false }, { action: 'allow' }],
    [
      'requireAuth without login → login, remembering the page',
      { loggedIn: false, path: '/personal/message' },
      { action: 'redirect', to: '/login?redirect=%2Fpersonal%2Fmessage' },
    ],
    ['requireAuth with login is allowed', {}, { action: 'allow' }],
    ['public page without login is allowed', { loggedIn: false, path: '/test', requireAuth: false }, { action: 'allow' }],
    ['root → first menu route', { path: '/', requireAuth: false }, { action: 'redirect', to: '/Tas' }],
    ['root → first menu route also when logged out', { path: '/', loggedIn: false, requireAuth: false }, { action: 'redirect', to: '/Tas' }],
    ['404 page is allowed', { path: '/404', loggedIn: false, requireAuth: false }, { action: 'allow' }],
    ['a page the permissions cover is allowed', { path: '/Device/UAV', permissions: ['device:read'] }, { action: 'allow' }],
    ['an area wildcard covers the page', { path: '/app/role', permissions: ['org:*'] }, { action: 'allow' }],
    ['"*" covers every page', { path: '/sys/notice', permissions: ['*'] }, { action: 'allow' }],
    ['a page the permissions do not cover → 403', { path: '/app/role', permissions: ['device:read'] }, { action: 'forbidden' }],
    ['/sys/user needs org:write, org:read is not enough', { path: '/sys/user', permissions: ['org:read'] }, { action: 'forbidden' }],
    ['unknown permissions (older server) refuse nothing', { path: '/app/role', permissions: null }, { action: 'allow' }],
    ['pages outside the table need only a login', { path: '/personal/message', permissions: [] }, { action: 'allow' }],
    [
      'logged out, a protected page still goes to login first',
      { path: '/app/role', loggedIn: false, permissions: [] },
      { action: 'redirect', to: '/login?redirect=%2Fapp%2Frole' },
    ],
  ];

  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(decideNavigation({ ...base, ...overrides })).toEqual(expected);
  });
});

describe('safeRedirect', () => {
  it.each([
    [undefined, '/'],
    [null, '/'],
    ['/Device/UAV', '/Device/UAV'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    ['/login', '/'],
  ])('%s → %s', (target, expected) => expect(safeRedirect(target)).toBe(expected));
});
