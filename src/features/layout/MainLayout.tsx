import { Box } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { deepestHandle, useRouteHandles } from '../../app/routeHandle';
import { selectIsLoggedIn } from '../auth';
import { CompleteTexts } from '../i18n';
import { viewportResized, Sidebar } from '../menu';
import { useForbidden } from '../navigation';
import { LoadingScreen, PageOutlet } from '../pages';
import { selectPlatformName } from '../platform';
import { pageOpened, tablessPageOpened, TabStrip } from '../tabs';
import Header from './Header';

/** The main shell of spec §2: header, collapsible sidebar, tab strip and content. */
function Frame() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = deepestHandle(useRouteHandles());
  const forbidden = useForbidden();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const platformName = useAppSelector(selectPlatformName) || t('app.defaultSiteName');

  useEffect(() => {
    const report = () => dispatch(viewportResized(window.innerWidth));
    report();
    window.addEventListener('resize', report);
    return () => window.removeEventListener('resize', report);
  }, [dispatch]);

  // A refused page opens no tab; it and the other pages without one (404) leave no tab highlighted.
  const tabName = handle?.tab && !forbidden ? handle.name : null;
  const title = handle?.title;
  useEffect(() => {
    if (tabName && title) dispatch(pageOpened({ name: tabName, title, path: pathname }));
    else dispatch(tablessPageOpened());
  }, [dispatch, tabName, title, pathname]);

  const pageTitle = forbidden ? t('access.forbiddenTitle') : title ? t(title) : '';
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${platformName}` : platformName;
  }, [pageTitle, platformName]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <Header />
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
        {/* Signed out (the 404 page), there is no menu to offer. */}
        {loggedIn && <Sidebar />}
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

/** Past the login page: shown once every feature's texts are loaded. */
export default function MainLayout() {
  return (
    <CompleteTexts fallback={<LoadingScreen />}>
      <Frame />
    </CompleteTexts>
  );
}
