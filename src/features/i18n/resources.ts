import en from './locales/en';
import zhCn from './locales/zh-cn';
import type { FeatureText } from './featureText';
import brokerText from '../broker/text';
import controllerText from '../controller/text';
import devicesText from '../devices/text';
import tasksText from '../tasks/text';
import airspaceText from '../airspace/text';
import adminText from '../admin/text';
import noticesText from '../notices/text';
import navigationText from '../navigation/text';
import resourcesText from '../resources/text';
import replayText from '../replay/text';
import mapText from '../map/text';
import situationText from '../situation/text';

/** Feature text tables; a feature adds its import and one entry here. */
const FEATURE_TEXTS: FeatureText<Record<string, unknown>>[] = [resourcesText, replayText, controllerText, brokerText, mapText, situationText, devicesText, tasksText, airspaceText, adminText, noticesText, navigationText];

function withFeatures(base: object, language: 'zh-cn' | 'en'): Record<string, unknown> {
  return Object.assign({}, base, ...FEATURE_TEXTS.map((f) => ({ [f.namespace]: f[language] })));
}

export const translations = { 'zh-cn': withFeatures(zhCn, 'zh-cn'), en: withFeatures(en, 'en') };
export const resources = { 'zh-cn': { translation: translations['zh-cn'] }, en: { translation: translations.en } };
