import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useRouteHandles } from '../../app/routeHandle';
import { userInfoRequested, selectIsLoggedIn, selectPermissions } from '../auth';
import { selectFirstMenuPath } from '../menu';
import { insideControllerBridge } from '../controller';
import { toastShown } from '../notifications';
import { ForbiddenContext } from './forbidden';
import { decideNavigation } from './guard';

/** Applies the pure navigation guard to the current location. */
export default function RouteGuard() {
  const location = useLocation();
  const handles = useRouteHandles();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const firstMenuPath = useAppSelector(selectFirstMenuPath);
  const permissions = useAppSelector(selectPermissions);
  // The login answer has no permission codes: /logininfo/ has them (a reload asks for it in bootstrap).
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (loggedIn && !wasLoggedIn.current) dispatch(userInfoRequested());
    wasLoggedIn.current = loggedIn;
  }, [dispatch, loggedIn]);
  const decision = decideNavigation({
    path: location.pathname,
    redirectParam: new URLSearchParams(location.search).get('redirect'),
    loggedIn,
    insideBridge: insideControllerBridge(),
    requireAuth: handles.some((h) => h.requireAuth),
    firstMenuPath,
    permissions,
  });
  const message = decision.action === 'redirect' ? decision.message : undefined;
  const messageKey = message?.key;
  const messageSeverity = message?.severity;
  useEffect(() => {
    if (messageKey && messageSeverity) dispatch(toastShown({ messageKey, severity: messageSeverity }));
  }, [dispatch, messageKey, messageSeverity, location.key]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <ForbiddenContext.Provider value={decision.action === 'forbidden'}>
      <Outlet />
    </ForbiddenContext.Provider>
  );
}
