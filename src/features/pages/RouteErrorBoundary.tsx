import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import RouteErrorPage from './RouteErrorPage';

/** Catches a failed page (lost chunk or render error) and shows RouteErrorPage until the user goes elsewhere. */
export default function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
