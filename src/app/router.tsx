import { Suspense, useEffect, useLayoutEffect, useMemo, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { firstPagePath } from '../features/menu/menuTree';
import type { MenuItem } from '../features/menu/menuTypes';
import RouteGuard from '../features/navigation/RouteGuard';
import LoadingScreen from '../features/pages/LoadingScreen';
import RouteErrorBoundary from '../features/pages/RouteErrorBoundary';
import { preloadElement } from './lazyPage';
import type { BindableNavigator } from './navigator';
import { fixedPages, pageFor } from './pages';
import { RouteHandlesContext, type RouteHandle } from './routeHandle';

const handle = (h: RouteHandle) => h;
const pageElement = (Page: ComponentType) => <Page />;

function menuRoutes(tree: readonly MenuItem[]): RouteObject[] {
  return tree.flatMap((item): RouteObject[] => {
    if (item.children?.length) {
      return [{ path: item.path, element: <Navigate to={firstPagePath(item)} replace /> }, ...menuRoutes(item.children)];
    }
    return [{ path: item.path, element: pageElement(pageFor(item.path)), handle: handle({ name: item.id, title: item.name, requireAuth: true, tab: true }) }];
  });
}

const controllerPage = (name: string, title: string, Page: ComponentType): RouteObject => ({
  path: name,
  element: pageElement(Page),
  handle: handle({ name: `djiapp-${name}`, title }),
});

/** All routes: fixed ones (spec §2) plus those built once from the menu tree. */
export function buildRoutes(menuTree: readonly MenuItem[]): RouteObject[] {
  return [
    {
      element: <RouteGuard />,
      children: [
        { path: '/login', element: pageElement(fixedPages.login), handle: handle({ name: 'login', title: 'route.login' }) },
        {
          path: '/djiapp',
          children: [
            { index: true, element: <Navigate to="home" replace /> },
            { path: 'login', element: pageElement(fixedPages.controllerLogin), handle: handle({ name: 'djiapp-login', title: 'route.djiLogin' }) },
            {
              element: pageElement(fixedPages.controllerLayout),
              children: [
                controllerPage('home', 'route.djiHome', fixedPages.controllerHome),
                controllerPage('task', 'route.djiTask', fixedPages.controllerTask),
                controllerPage('project', 'route.djiProject', fixedPages.controllerProject),
              ],
            },
          ],
        },
        {
          path: '/',
          element: pageElement(fixedPages.mainLayout),
          children: [
            { index: true, element: null },
            { path: '404', element: pageElement(fixedPages.notFound), handle: handle({ name: 'not-found', title: 'route.notFound' }) },
            { path: 'test', element: pageElement(fixedPages.docs), handle: handle({ name: 'docs', title: 'route.docs', tab: true }) },
            { path: 'personal', element: <Navigate to="/personal/message" replace /> },
            {
              path: 'personal/message',
              element: pageElement(fixedPages.personalMessages),
              handle: handle({ name: 'personal-message', title: 'route.personalMessage', requireAuth: true, tab: true }),
            },
            ...menuRoutes(menuTree),
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

/** Lets sagas navigate through this router (see createAppNavigator). */
function NavigatorBinding({ navigator }: { navigator: BindableNavigator }) {
  const navigate = useNavigate();
  useLayoutEffect(() => navigator.bind((path) => void navigate(path)), [navigator, navigate]);
  return null;
}

/** The route table rendered inside a router: pages load on demand, a failing page shows the error page. */
export function AppRoutes({ routes, navigator }: { routes: RouteObject[]; navigator: BindableNavigator }) {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  const matches = useMemo(() => matchRoutes(routes, pathname) ?? [], [routes, pathname]);
  const handles = useMemo(() => matches.flatMap((m) => (m.route.handle ? [m.route.handle as RouteHandle] : [])), [matches]);
  // A layout and its page are separate chunks: fetch them together rather than one after the other.
  useEffect(() => matches.forEach((match) => preloadElement(match.route.element)), [matches]);
  return (
    <RouteHandlesContext.Provider value={handles}>
      <NavigatorBinding navigator={navigator} />
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingScreen />}>{element}</Suspense>
      </RouteErrorBoundary>
    </RouteHandlesContext.Provider>
  );
}
