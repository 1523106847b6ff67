import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';
import { firstPaintTranslation, loadTranslation, type Translation } from './resources';

/**
 * An i18next instance showing `language`. zh-cn's first-paint texts are always bundled (useCompleteTexts adds the
 * rest); pass the table of any other language that must show at once. Switching later to a language not given here
 * loads its table first (changeLanguage waits for it).
 */
export function createI18n(language: Language, translations: Partial<Record<Language, Translation>> = {}): i18n {
  const bundled: Partial<Record<Language, Translation>> = { [DEFAULT_LANGUAGE]: firstPaintTranslation, ...translations };
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
  // A table passed in is a whole one (loadTranslation's).
  if (translations[DEFAULT_LANGUAGE]) completing.set(instance, null);
  return instance;
}

/** Per instance: null once it holds zh-cn's whole table, else the loading of it (absent: not asked for yet). */
const completing = new WeakMap<i18n, Promise<void> | null>();

/**
 * Adds the whole zh-cn table (the default and fallback language, whatever the user reads now) to `instance`, once.
 * Null when it is there already.
 */
export function completeDefaultLanguage(instance: i18n): Promise<void> | null {
  if (!completing.has(instance)) {
    const loading = loadTranslation(DEFAULT_LANGUAGE).then((table) => {
      instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', table, true, false);
      completing.set(instance, null);
    });
    completing.set(instance, loading);
  }
  return completing.get(instance) ?? null;
}
