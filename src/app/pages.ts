import { lazyPage } from './lazyPage';

const placeholder = lazyPage(() => import(/* webpackChunkName: "page-placeholder" */ '../features/pages/PlaceholderPage'));

/**
 * The screen behind each menu path. A path without an entry shows the titled placeholder page until its
 * feature lands; a feature adds its line here.
 */
export const menuPages: Record<string, ReturnType<typeof lazyPage>> = {
  '/app/user': lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../features/admin/AuthorizationPage')),
  '/app/dept': lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../features/admin/DeptPage')),
  '/app/role': lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../features/admin/RolesPage')),
  '/app/resource': lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../features/admin/ResourcesPage')),
  '/sys/user': lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../features/admin/AccountsPage')),
  '/sys/notice': lazyPage(() => import(/* webpackChunkName: "page-notices" */ '../features/notices/NoticesPage')),
  '/Device/UAV': lazyPage(() => import(/* webpackChunkName: "page-devices" */ '../features/devices/DevicesPage')),
  '/Task/UAV': lazyPage(() => import(/* webpackChunkName: "page-tasks" */ '../features/tasks/TasksPage')),
  '/Task/Route': lazyPage(() => import(/* webpackChunkName: "page-routes" */ '../features/routes/RoutesPage')),
  '/AirSpace/Apply': lazyPage(() => import(/* webpackChunkName: "page-airspace" */ '../features/airspace/ApplicationsPage')),
  '/AirSpace/Plan': lazyPage(() => import(/* webpackChunkName: "page-airspace" */ '../features/airspace/PlansPage')),
  '/AirSpace/Conformance': lazyPage(() => import(/* webpackChunkName: "page-conformance" */ '../features/situation/ConformanceHistoryPage')),
  '/AirSpace/Report': lazyPage(() => import(/* webpackChunkName: "page-airspace-report" */ '../features/airspace/ReportsPage')),
  '/Map/Index': lazyPage(() => import(/* webpackChunkName: "page-map" */ '../features/map/MapIndexPage')),
  '/Map/Point': lazyPage(() => import(/* webpackChunkName: "page-map" */ '../features/map/MapPointPage')),
  '/Map/Polyline': lazyPage(() => import(/* webpackChunkName: "page-map" */ '../features/map/MapPolylinePage')),
  '/Map/Polygon': lazyPage(() => import(/* webpackChunkName: "page-map" */ '../features/map/MapPolygonPage')),
  '/Alert': lazyPage(() => import(/* webpackChunkName: "page-alert" */ '../features/alerts/AlertsPage')),
  '/Live': lazyPage(() => import(/* webpackChunkName: "page-live" */ '../features/live/LiveWallPage')),
  '/Media': lazyPage(() => import(/* webpackChunkName: "page-media" */ '../features/media/MediaPage')),
  '/Defect': lazyPage(() => import(/* webpackChunkName: "page-defects" */ '../features/defects/DefectsPage')),
  '/Tas': lazyPage(() => import(/* webpackChunkName: "page-tas" */ '../features/situation/SituationPage')),
};

export const pageFor = (path: string) => menuPages[path] ?? placeholder;

export const fixedPages = {
  login: lazyPage(() => import(/* webpackChunkName: "page-login" */ '../features/auth/LoginPage')),
  notFound: lazyPage(() => import(/* webpackChunkName: "page-not-found" */ '../features/pages/NotFoundPage')),
  docs: lazyPage(() => import(/* webpackChunkName: "page-docs" */ '../features/docs/DocsPage')),
  personalMessages: lazyPage(() => import(/* webpackChunkName: "page-messages" */ '../features/personal/MessagesPage')),
  mainLayout: lazyPage(() => import(/* webpackChunkName: "main-layout" */ './MainShell')),
  controllerLayout: lazyPage(() => import(/* webpackChunkName: "controller" */ '../features/controller/ControllerLayout')),
  controllerLogin: lazyPage(() => import(/* webpackChunkName: "controller-login" */ '../features/controller/ControllerLoginPage')),
  controllerHome: lazyPage(() => import(/* webpackChunkName: "controller" */ '../features/controller/ControllerHomePage')),
  controllerProject: lazyPage(() => import(/* webpackChunkName: "controller" */ '../features/controller/ControllerProjectPage')),
  controllerTask: lazyPage(() => import(/* webpackChunkName: "controller" */ '../features/controller/ControllerTaskPage')),
};
