import en from './locales/en';
import { withFeatures } from '../../shared/featureText';
import brokerText from '../broker/text.en';
import controllerText from '../controller/text.en';
import devicesText from '../devices/text.en';
import devicelinkText from '../devicelink/text.en';
import liveText from '../live/text.en';
import remoteText from '../remote/text.en';
import tasksText from '../tasks/text.en';
import mediaText from '../media/text.en';
import defectsText from '../defects/text.en';
import airspaceText from '../airspace/text.en';
import adminText from '../admin/text.en';
import noticesText from '../notices/text.en';
import alertsText from '../alerts/text.en';
import navigationText from '../navigation/text.en';
import resourcesText from '../../crud/text.en';
import replayText from '../replay/text.en';
import mapText from '../map/text.en';
import situationText from '../situation/text.en';
import apiErrorText from '../apiErrors/text.en';
import routesText from '../routes/text.en';

/** The English table, a chunk of its own: only a user who picks English downloads it. */
export default withFeatures(en, [
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
  navigationText,
  apiErrorText,
  routesText,
]);
