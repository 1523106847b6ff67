import { combineSlices, type Reducer } from '@reduxjs/toolkit';
import alerts from '../features/alerts/alertsSlice';
import auth, { loggedOut, sessionExpired } from '../features/auth/authSlice';
import broker from '../features/broker/brokerSlice';
import controller from '../features/controller/controllerSlice';
import liveshare from '../features/controller/liveshareSlice';
import devicelink from '../features/devicelink/devicelinkSlice';
import live from '../features/live/liveSlice';
import locale from '../features/i18n/localeSlice';
import map from '../features/map/mapSlice';
import menu from '../features/menu/menuSlice';
import notifications from '../features/notifications/notificationsSlice';
import platform from '../features/platform/platformSlice';
import project from '../features/project/projectSlice';
import resourcesOfKit, { type ResourcesState } from '../crud/resourcesSlice';
import routeEditor from '../features/routes/routeEditorSlice';
import situation from '../features/situation/situationSlice';
import tabs from '../features/tabs/tabsSlice';
import tasks from '../features/tasks/tasksSlice';

/**
 * The CRUD kit's lists, which start over when a session ends: another user's data must not flash on the next login.
 * The kit (src/crud) stands below the features, so the app says which actions end a session.
 */
const resources: Reducer<ResourcesState> = (state, action) =>
  resourcesOfKit(loggedOut.match(action) || sessionExpired.match(action) ? undefined : state, action);

/**
 * Slices that join the store when their code loads, off the login path (`slice.injectInto(rootReducer)` beside the
 * slice, which also declares itself here).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging from each lazy slice
export interface LazyLoadedSlices {}

/** Every slice of the app. Pure: QA replay runs exactly this reducer in Node (with every lazy slice its registry loads). */
export const rootReducer = combineSlices({
  auth,
  tabs,
  menu,
  project,
  controller,
  liveshare,
  broker,
  devicelink,
  live,
  locale,
  notifications,
  platform,
  resources,
  map,
  situation,
  routeEditor,
  tasks,
  alerts,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
