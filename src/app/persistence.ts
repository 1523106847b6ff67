import type { SignedInUser } from '@shared/user';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../features/i18n/languages';

/** Local-storage keys. The token is kept twice, as the spec asks: raw, and ready for an Authorization header. */
export const STORAGE_KEYS = {
  token: 'token',
  authorization: 'Authorization',
  user: 'userInfo',
  language: 'language',
} as const;

export interface PersistedSession {
  token: string | null;
  user: SignedInUser | null;
  language: Language;
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

/** Spec §4: a 401 wipes local storage. The language is the user's own preference, so it is written back. */
export function wipeStorageKeepingLanguage(storage: Storage, language: Language): void {
  storage.clear();
  storage.setItem(STORAGE_KEYS.language, language);
}

export function saveLanguage(storage: Storage, language: Language): void {
  storage.setItem(STORAGE_KEYS.language, language);
}
