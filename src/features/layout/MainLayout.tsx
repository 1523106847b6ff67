import { Box } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { deepestHandle, useRouteHandles } from '../../app/routeHandle';
import { viewportResized, Sidebar } from '../menu';
import { PageOutlet } from '../pages';
import { selectPlatformName } from '../platform';
import { pageOpened, TabStrip } from '../tabs';
import Header from './Header';

/** The main shell of spec §2: header, collapsible sidebar, tab strip and content. */
export default function MainLayout() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = deepestHandle(useRouteHandles());
  const platformName = useAppSelector(selectPlatformName) || t('app.defaultSiteName');

  useEffect(() => {
    const report = () => dispatch(viewportResized(window.innerWidth));
    report();
    window.addEventListener('resize', report);
    return () => window.removeEventListener('resize', report);
  }, [dispatch]);

  const tabName = handle?.tab ? handle.name : null;
  const title = handle?.title;
  useEffect(() => {
    if (tabName && title) dispatch(pageOpened({ name: tabName, title, path: pathname }));
  }, [dispatch, tabName, title, pathname]);

  const pageTitle = title ? t(title) : '';
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${platformName}` : platformName;
  }, [pageTitle, platformName]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <Header />
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
        <Sidebar />
        <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
          <TabStrip />
          <Box component="main" sx={{ flexGrow: 1, overflow: 'auto', bgcolor: 'grey.50' }}>
            <PageOutlet />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
