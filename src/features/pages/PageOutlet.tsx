import { LinearProgress } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { ForbiddenPage, useForbidden } from '../navigation';
import RouteErrorBoundary from './RouteErrorBoundary';

/** A layout's content area: the child page (or the 403 page in its place), a progress bar while its code loads, the error page if it fails. */
export default function PageOutlet() {
  const { t } = useTranslation();
  const forbidden = useForbidden();
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>{forbidden ? <ForbiddenPage /> : <Outlet />}</Suspense>
    </RouteErrorBoundary>
  );
}
