import { clearSession, readPersistedSession, saveSession, STORAGE_KEYS, wipeStorageKeepingLanguage } from '../../../src/app/persistence';

const user = { id: 1, username: 'admin', name: '管理员', phone: null, email: null };

describe('persistence', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the token under both keys and the user info', () => {
    saveSession(localStorage, 'tok', user);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.authorization)).toBe('Bearer tok');
    expect(readPersistedSession(localStorage)).toEqual({ token: 'tok', user, language: 'zh-cn' });
  });

  it.each([
    ['nothing stored', {}, { token: null, user: null, language: 'zh-cn' }],
    ['unknown language falls back to zh-cn', { language: 'fr' }, { token: null, user: null, language: 'zh-cn' }],
    ['english', { language: 'en' }, { token: null, user: null, language: 'en' }],
    ['corrupt user info is ignored', { token: 't', userInfo: '{not json' }, { token: 't', user: null, language: 'zh-cn' }],
  ])('%s', (_name, stored, expected) => {
    for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v as string);
    expect(readPersistedSession(localStorage)).toEqual(expected);
  });

  it('logout clears the session keys but keeps others', () => {
    saveSession(localStorage, 'tok', user);
    localStorage.setItem('language', 'en');
    clearSession(localStorage);
    expect(readPersistedSession(localStorage)).toEqual({ token: null, user: null, language: 'en' });
  });

  it('a 401 wipes local storage, writing the language back', () => {
    saveSession(localStorage, 'tok', user);
    localStorage.setItem('other', 'x');
    wipeStorageKeepingLanguage(localStorage, 'en');
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('language')).toBe('en');
  });
});
