import {
  clearSession,
  readPersistedSession,
  readTabs,
  saveMapBaseLayer,
  saveSession,
  saveTabs,
  STORAGE_KEYS,
  tabsKey,
  wipeStorageKeepingLanguage,
} from '../../../src/app/persistence';

const user = { id: 1, username: 'admin', name: '管理员', phone: null, email: null };

describe('persistence', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the token under both keys and the user info', () => {
    saveSession(localStorage, 'tok', user);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.authorization)).toBe('Bearer tok');
    expect(readPersistedSession(localStorage)).toEqual({ token: 'tok', user, language: 'zh-cn', mapBaseLayer: null });
  });

  it.each([
    ['nothing stored', {}, { token: null, user: null, language: 'zh-cn', mapBaseLayer: null }],
    ['unknown language falls back to zh-cn', { language: 'fr' }, { token: null, user: null, language: 'zh-cn', mapBaseLayer: null }],
    ['english', { language: 'en' }, { token: null, user: null, language: 'en', mapBaseLayer: null }],
    ['corrupt user info is ignored', { token: 't', userInfo: '{not json' }, { token: 't', user: null, language: 'zh-cn', mapBaseLayer: null }],
  ])('%s', (_name, stored, expected) => {
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v as string);
    expect(readPersistedSession(localStorage)).toEqual(expected);
  });

  it('logout clears the session keys but keeps others', () => {
    saveSession(localStorage, 'tok', user);
    localStorage.setItem('language', 'en');
    clearSession(localStorage);
    expect(readPersistedSession(localStorage)).toEqual({ token: null, user: null, language: 'en', mapBaseLayer: null });
  });

  it('a 401 wipes local storage, writing the language back', () => {
    saveSession(localStorage, 'tok', user);
    localStorage.setItem('other', 'x');
    wipeStorageKeepingLanguage(localStorage, 'en');
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('a 401 keeps the chosen base map too (a device preference, like the language)', () => {
    saveSession(localStorage, 'tok', user);
    saveMapBaseLayer(localStorage, 'package:city.pmtiles');
    wipeStorageKeepingLanguage(localStorage, 'zh-cn');
    expect(readPersistedSession(localStorage)).toEqual({ token: null, user: null, language: 'zh-cn', mapBaseLayer: 'package:city.pmtiles' });
  });
});

describe('persisted tabs', () => {
  beforeEach(() => localStorage.clear());
  const tab = (path: string) => ({ name: path.slice(1), title: `route.${path.slice(1)}`, path });

  it('are kept per user', () => {
    saveTabs(localStorage, 'alice', { tabs: [tab('/a'), tab('/b')], activePath: '/b' });
    saveTabs(localStorage, 'bob', { tabs: [tab('/c')], activePath: '/c' });
    expect(readTabs(localStorage, 'alice')).toEqual({ tabs: [tab('/a'), tab('/b')], activePath: '/b' });
    expect(readTabs(localStorage, 'bob')).toEqual({ tabs: [tab('/c')], activePath: '/c' });
    expect(readTabs(localStorage, 'carol')).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['not a list', '{"tabs":{}}'],
    ['a tab without a path', '{"tabs":[{"name":"a","title":"t"}]}'],
    ['a path to another site', '{"tabs":[{"name":"a","title":"t","path":"https://evil.example"}]}'],
  ])('anything else is ignored: %s', (_name, stored) => {
    localStorage.setItem(tabsKey('alice'), stored);
    expect(readTabs(localStorage, 'alice')).toBeNull();
  });

  it('an active path that is not among the tabs is dropped, extra keys too', () => {
    localStorage.setItem(tabsKey('alice'), JSON.stringify({ tabs: [{ ...tab('/a'), extra: 1 }], activePath: '/zzz' }));
    expect(readTabs(localStorage, 'alice')).toEqual({ tabs: [tab('/a')], activePath: null });
  });
});
