import * as httpActions from '../../api/callApi';
import * as recordExportActions from '../airspace/recordExportSaga';
import * as replayPhotosActions from '../airspace/replayPhotos';
import * as alertsActions from '../alerts/alertsSlice';
import * as authActions from '../auth/authSlice';
import * as brokerActions from '../broker/brokerSlice';
import * as controllerActions from '../controller/controllerSlice';
import * as liveshareActions from '../controller/liveshareSlice';
import * as defectsActions from '../defects/defectsSlice';
import * as devicelinkActions from '../devicelink/devicelinkSlice';
import * as localeActions from '../i18n/localeSlice';
import * as liveActions from '../live/liveSlice';
import * as remoteActions from '../remote/remoteSlice';
import * as mapActions from '../map/mapSlice';
import * as mediaActions from '../media/mediaSlice';
import * as menuActions from '../menu/menuSlice';
import * as noticesBellActions from '../notices/bellActions';
import * as notificationsActions from '../notifications/notificationsSlice';
import * as platformActions from '../platform/platformSlice';
import * as projectActions from '../project/projectSlice';
import * as resourcesActions from '../../crud/resourcesSlice';
import * as routeEditorActions from '../routes/routeEditorSlice';
import * as situationActions from '../situation/situationSlice';
import * as situationViewActions from '../situation/viewActions';
import * as tasFlightActions from '../situation/flightSlice';
import * as tabsActions from '../tabs/tabsSlice';
import * as tasksActions from '../tasks/tasksSlice';
import * as toastActions from '../../shared/toasts';
import * as qaActions from './qaActions';

/**
 * Every action type the app dispatches: the action creators (createSlice `.actions`, createAction) exported by the
 * modules below. A replayed log with any other type is rejected as a bad log. A module that defines actions adds
 * itself here; __tests__/tools/replay-registry.test.ts fails when one is missing.
 */
export const ACTION_MODULES: Record<string, Record<string, unknown>> = {
  'api/callApi': httpActions,
  'features/airspace/recordExportSaga': recordExportActions,
  'features/airspace/replayPhotos': replayPhotosActions,
  'features/alerts/alertsSlice': alertsActions,
  'features/auth/authSlice': authActions,
  'features/broker/brokerSlice': brokerActions,
  'features/controller/controllerSlice': controllerActions,
  'features/controller/liveshareSlice': liveshareActions,
  'features/defects/defectsSlice': defectsActions,
  'features/devicelink/devicelinkSlice': devicelinkActions,
  'features/i18n/localeSlice': localeActions,
  'features/live/liveSlice': liveActions,
  'features/remote/remoteSlice': remoteActions,
  'features/map/mapSlice': mapActions,
  'features/media/mediaSlice': mediaActions,
  'features/menu/menuSlice': menuActions,
  'features/notices/bellActions': noticesBellActions,
  'features/notifications/notificationsSlice': notificationsActions,
  'features/platform/platformSlice': platformActions,
  'features/project/projectSlice': projectActions,
  'crud/resourcesSlice': resourcesActions,
  'features/routes/routeEditorSlice': routeEditorActions,
  'features/situation/situationSlice': situationActions,
  'features/situation/viewActions': situationViewActions,
  'features/situation/flightSlice': tasFlightActions,
  'features/tabs/tabsSlice': tabsActions,
  'features/tasks/tasksSlice': tasksActions,
  'shared/toasts': toastActions,
  'features/replay/qaActions': qaActions,
};

/** Modules whose actions go to a store of their own (the QA panel's), never to the app store. */
export const OTHER_STORE_MODULES = ['features/replay/panel/replaySlice'];

/** An export that is an RTK action creator (has a string `type` and a `match` function). */
export function actionTypesOf(moduleExports: Record<string, unknown>): string[] {
  return Object.values(moduleExports).flatMap((value) =>
    typeof value === 'function' && typeof (value as { type?: unknown }).type === 'string' && typeof (value as { match?: unknown }).match === 'function'
      ? [(value as unknown as { type: string }).type]
      : [],
  );
}

export const KNOWN_ACTION_TYPES: ReadonlySet<string> = new Set(Object.values(ACTION_MODULES).flatMap(actionTypesOf));

export const isKnownActionType = (type: string) => KNOWN_ACTION_TYPES.has(type);
