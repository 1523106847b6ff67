import { LinearProgress } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import RouteErrorBoundary from './RouteErrorBoundary';

/** A layout's content area: the child page, a progress bar while its code loads, the error page if it fails. */
export default function PageOutlet() {
  const { t } = useTranslation();
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
