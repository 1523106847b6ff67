import zhCn from './locales/zh-cn';
import zhCnFrame from './locales/zh-cn.frame';
import { withFeatures, type FeatureText } from '../../shared/featureText';
import { FIRST_PAINT_TEXTS } from './resources';
import brokerText from '../broker/text';
import controllerText from '../controller/text';
import devicesText from '../devices/text';
import devicelinkText from '../devicelink/text';
import liveText from '../live/text';
import remoteText from '../remote/text';
import tasksText from '../tasks/text';
import mediaText from '../media/text';
import defectsText from '../defects/text';
import airspaceText from '../airspace/text';
import adminText from '../admin/text';
import noticesText from '../notices/text';
import alertsText from '../alerts/text';
import resourcesText from '../../crud/text';
import replayText from '../replay/text';
import mapText from '../map/text';
import situationText from '../situation/text';
import routesText from '../routes/text';
import apiErrorText from '../apiErrors/text';

/** Every feature's zh-cn table; a feature adds its import and one entry here, and its text.en.ts in translations.en.ts. */
export const FEATURE_TEXTS: FeatureText<Record<string, unknown>>[] = [
  ...FIRST_PAINT_TEXTS,
  resourcesText,
  replayText,
  controllerText,
  brokerText,
  mapText,
  situationText,
  devicesText,
  devicelinkText,
  liveText,
  remoteText,
  tasksText,
  mediaText,
  defectsText,
  airspaceText,
  adminText,
  noticesText,
  alertsText,
  routesText,
  apiErrorText,
];

/** The whole zh-cn table, a chunk of its own: the app frame waits for it (CompleteTexts), the login page does without. */
export default withFeatures(
  { ...zhCn, ...zhCnFrame },
  FEATURE_TEXTS.map((f) => ({ namespace: f.namespace, table: f['zh-cn'] })),
);
