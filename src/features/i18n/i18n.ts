import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';
import { loadTranslation, zhCnTranslation, type Translation } from './resources';

/**
 * An i18next instance showing `language`. zh-cn is always bundled; pass the table of any other language that must
 * show at once. Switching later to a language not given here loads its table first (changeLanguage waits for it).
 */
export function createI18n(language: Language, translations: Partial<Record<Language, Translation>> = {}): i18n {
  const bundled: Partial<Record<Language, Translation>> = { [DEFAULT_LANGUAGE]: zhCnTranslation, ...translations };
  const instance = i18next.createInstance();
  void instance
    .use(initReactI18next)
    .use(resourcesToBackend((requested: string) => (isLanguage(requested) ? loadTranslation(requested) : null)))
    .init({
      resources: Object.fromEntries(Object.entries(bundled).map(([lng, translation]) => [lng, { translation }])),
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      lowerCaseLng: true,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  return instance;
}
