import zhCn from './locales/zh-cn';
import { withFeatures, type FeatureText } from './featureText';
import type { Language } from './languages';
import brokerText from '../broker/text';
import controllerText from '../controller/text';
import devicesText from '../devices/text';
import devicelinkText from '../devicelink/text';
import tasksText from '../tasks/text';
import airspaceText from '../airspace/text';
import adminText from '../admin/text';
import noticesText from '../notices/text';
import navigationText from '../navigation/text';
import resourcesText from '../../crud/text';
import replayText from '../replay/text';
import mapText from '../map/text';
import situationText from '../situation/text';
import apiErrorText from '../apiErrors/text';
import routesText from '../routes/text';

export type Translation = Record<string, unknown>;

/** Feature text tables; a feature adds its import and one entry here, and its text.en.ts in translations.en.ts. */
export const FEATURE_TEXTS: FeatureText<Record<string, unknown>>[] = [
  resourcesText,
  replayText,
  controllerText,
  brokerText,
  mapText,
  situationText,
  devicesText,
  devicelinkText,
  tasksText,
  airspaceText,
  adminText,
  noticesText,
  navigationText,
  apiErrorText,
  routesText,
];

/** The default language's table ships with the app; the others are loaded when chosen. */
export const zhCnTranslation: Translation = withFeatures(
  zhCn,
  FEATURE_TEXTS.map((f) => ({ namespace: f.namespace, table: f['zh-cn'] })),
);

export async function loadTranslation(language: Language): Promise<Translation> {
  if (language === 'zh-cn') return zhCnTranslation;
  return (await import(/* webpackChunkName: "text-en" */ './translations.en')).default;
}
