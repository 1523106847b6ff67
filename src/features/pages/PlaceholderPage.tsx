import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { deepestHandle, useRouteHandles } from '../../app/routeHandle';
import PageFrame from './PageFrame';

/** A menu screen whose feature has not landed yet: titled, empty, never a crash. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const handle = deepestHandle(useRouteHandles());
  return (
    <PageFrame title={handle ? t(handle.title) : ''}>
      <Typography color="text.secondary">{t('page.emptyBody')}</Typography>
    </PageFrame>
  );
}
