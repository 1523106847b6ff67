import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { firstPagePath } from '../features/menu/menuTree';
import type { MenuItem } from '../features/menu/menuTypes';
import RouteGuard from '../features/navigation/RouteGuard';
import LoadingScreen from '../features/pages/LoadingScreen';
import RouteErrorPage from '../features/pages/RouteErrorPage';
import { fixedPages, pageFor } from './pages';
import type { RouteHandle } from './routeHandle';

const handle = (h: RouteHandle) => h;

function menuRoutes(tree: readonly MenuItem[]): RouteObject[] {
  return tree.flatMap((item): RouteObject[] => {
    if (item.children?.length) {
      return [{ path: item.path, element: <Navigate to={firstPagePath(item)} replace /> }, ...menuRoutes(item.children)];
    }
    return [{ path: item.path, lazy: pageFor(item.path), handle: handle({ name: item.id, title: item.name, requireAuth: true, tab: true }) }];
  });
}

const controllerPage = (name: string, title: string, lazy: RouteObject['lazy']): RouteObject => ({ path: name, lazy, handle: handle({ name: `djiapp-${name}`, title }) });

/** All routes: fixed ones (spec §2) plus those built once from the menu tree. */
export function buildRoutes(menuTree: readonly MenuItem[]): RouteObject[] {
  return [
    {
      element: <RouteGuard />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        { path: '/login', lazy: fixedPages.login, handle: handle({ name: 'login', title: 'route.login' }) },
        {
          path: '/djiapp',
          children: [
            { index: true, element: <Navigate to="home" replace /> },
            { path: 'login', lazy: fixedPages.controllerLogin, handle: handle({ name: 'djiapp-login', title: 'route.djiLogin' }) },
            {
              lazy: fixedPages.controllerLayout,
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
          lazy: fixedPages.mainLayout,
          children: [
            { index: true, element: null },
            { path: '404', lazy: fixedPages.notFound, handle: handle({ name: 'not-found', title: 'route.notFound' }) },
            { path: 'test', lazy: fixedPages.docs, handle: handle({ name: 'docs', title: 'route.docs', tab: true }) },
            { path: 'personal', element: <Navigate to="/personal/message" replace /> },
            { path: 'personal/message', lazy: fixedPages.personalMessages, handle: handle({ name: 'personal-message', title: 'route.personalMessage', requireAuth: true, tab: true }) },
            ...menuRoutes(menuTree),
          ],
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export const createAppRouter = (menuTree: readonly MenuItem[]) => createHashRouter(buildRoutes(menuTree));
export type AppRouter = ReturnType<typeof createAppRouter>;
