import { createI18n } from '../../../src/features/i18n/i18n';
import type { Language } from '../../../src/features/i18n/languages';
import enTranslation from '../../../src/features/i18n/translations.en';
import zhCnTranslation from '../../../src/features/i18n/translations.zh-cn';

/** An i18n instance with every language already loaded, so a test renders its texts at once. */
export const createTestI18n = (language: Language) => createI18n(language, { 'zh-cn': zhCnTranslation, en: enTranslation });
