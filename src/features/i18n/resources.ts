import zhCn from './locales/zh-cn';
import { withFeatures, type FeatureText } from '../../shared/featureText';
import type { Language } from './languages';
import navigationText from '../navigation/text';

export type Translation = Record<string, unknown>;

/** The feature tables the first paint shows (the guard's); the others are in translations.zh-cn.ts. */
export const FIRST_PAINT_TEXTS: FeatureText<Record<string, unknown>>[] = [navigationText];

/** What ships with the app: the default language's texts for the first paint. */
export const firstPaintTranslation: Translation = withFeatures(
  zhCn,
  FIRST_PAINT_TEXTS.map((f) => ({ namespace: f.namespace, table: f['zh-cn'] })),
);

/** A language's whole table, each a chunk of its own (zh-cn's loads once a user is signed in: localeSaga). */
export async function loadTranslation(language: Language): Promise<Translation> {
  if (language === 'zh-cn') return (await import(/* webpackChunkName: "text-zh-cn" */ './translations.zh-cn')).default;
  return (await import(/* webpackChunkName: "text-en" */ './translations.en')).default;
}
