import type { SignedInUser } from '@shared/user';
import { TAB_LIMIT, type Tab } from '../features/tabs/tabRules';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../features/i18n/languages';

/** Local-storage keys. The token is kept twice, as the spec asks: raw, and ready for an Authorization header. */
export const STORAGE_KEYS = {
  token: 'token',
  authorization: 'Authorization',
  user: 'userInfo',
  language: 'language',
  mapBaseLayer: 'mapBaseLayer',
} as const;

export interface PersistedSession {
  token: string | null;
  user: SignedInUser | null;
  language: Language;
  /** The base map last chosen on this device (null: none yet). */
  mapBaseLayer: string | null;
}

function readUser(raw: string | null): SignedInUser | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && typeof (parsed as SignedInUser).username === 'string' ? (parsed as SignedInUser) : null;
  } catch {
    return null;
  }
}

export function readPersistedSession(storage: Storage): PersistedSession {
  const language = storage.getItem(STORAGE_KEYS.language);
  return {
    token: storage.getItem(STORAGE_KEYS.token) || null,
    user: readUser(storage.getItem(STORAGE_KEYS.user)),
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    mapBaseLayer: storage.getItem(STORAGE_KEYS.mapBaseLayer) || null,
  };
}

export function saveSession(storage: Storage, token: string, user: SignedInUser): void {
  storage.setItem(STORAGE_KEYS.token, token);
  storage.setItem(STORAGE_KEYS.authorization, `Bearer ${token}`);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function saveUser(storage: Storage, user: SignedInUser): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.authorization);
  storage.removeItem(STORAGE_KEYS.user);
}

/** Spec §4: a 401 wipes local storage. The language and the base map are the device's preferences, so they are written back. */
export function wipeStorageKeepingLanguage(storage: Storage, language: Language): void {
  const mapBaseLayer = storage.getItem(STORAGE_KEYS.mapBaseLayer);
  storage.clear();
  storage.setItem(STORAGE_KEYS.language, language);
  if (mapBaseLayer) storage.setItem(STORAGE_KEYS.mapBaseLayer, mapBaseLayer);
}

export function saveLanguage(storage: Storage, language: Language): void {
  storage.setItem(STORAGE_KEYS.language, language);
}

export function saveMapBaseLayer(storage: Storage, id: string): void {
  storage.setItem(STORAGE_KEYS.mapBaseLayer, id);
}

export interface PersistedTabs {
  tabs: Tab[];
  activePath: string | null;
}

/** Each user's open tabs on this device, under a key of their own. */
export const tabsKey = (username: string) => `tabs:${username}`;

const isTab = (value: unknown): value is Tab => {
  const tab = value as Partial<Tab> | null;
  return !!tab && typeof tab.name === 'string' && typeof tab.title === 'string' && typeof tab.path === 'string' && tab.path.startsWith('/');
};

/** The user's tabs as last saved; null when none were, or what is stored is not a tab list. */
export function readTabs(storage: Storage, username: string): PersistedTabs | null {
  try {
    const parsed = JSON.parse(storage.getItem(tabsKey(username)) ?? 'null') as Partial<PersistedTabs> | null;
    if (!parsed || !Array.isArray(parsed.tabs) || !parsed.tabs.every(isTab)) return null;
    const tabs = parsed.tabs.slice(-TAB_LIMIT).map(({ name, title, path }) => ({ name, title, path }));
    const activePath = tabs.some((t) => t.path === parsed.activePath) ? (parsed.activePath as string) : null;
    return { tabs, activePath };
  } catch {
    return null;
  }
}

export function saveTabs(storage: Storage, username: string, tabs: PersistedTabs): void {
  storage.setItem(tabsKey(username), JSON.stringify(tabs));
}
