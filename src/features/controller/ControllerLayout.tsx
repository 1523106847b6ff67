import { Box, Button, Chip, Tab, Tabs, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { logoutRequested } from '../auth';
import { CompleteTexts } from '../i18n';
import { LoadingScreen, PageOutlet } from '../pages';
import { selectPlatformName } from '../platform';
import { selectCurrentProject } from '../project';
import ControllerTheme from './ControllerTheme';
import { controllerRefreshRequested, selectAircraftSn, selectControllerConnected } from './controllerSlice';

export const CONTROLLER_SECTIONS = [
  { path: '/djiapp/home', title: 'route.djiHome' },
  { path: '/djiapp/project', title: 'route.djiProject' },
  { path: '/djiapp/task', title: 'route.djiTask' },
] as const;

/** Controller screens: a navigation part and a content part, laid out for a landscape touch screen. */
function Frame() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const platformName = useAppSelector(selectPlatformName) || t('app.defaultSiteName');
  const connected = useAppSelector(selectControllerConnected);
  const aircraftSn = useAppSelector(selectAircraftSn);
  const project = useAppSelector(selectCurrentProject);
  const value = CONTROLLER_SECTIONS.some((s) => s.path === pathname) ? pathname : false;

  // Serials and broker state as the bridge reports them whenever the controller app is opened.
  useEffect(() => {
    dispatch(controllerRefreshRequested());
  }, [dispatch]);

  return (
    <ControllerTheme>
      <Box sx={{ display: 'flex', height: '100vh', overflow: 'hidden', bgcolor: 'grey.100' }}>
        <Box
          component="nav"
          aria-label={t('controller.navigation')}
          sx={{ width: 260, flexShrink: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.paper', borderRight: 1, borderColor: 'divider' }}
        >
          <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle1" color="text.secondary" noWrap>
              {platformName}
            </Typography>
            <Typography variant="h6" component="p">
              {t('controller.appName')}
            </Typography>
          </Box>
          <Tabs orientation="vertical" value={value} sx={{ flexGrow: 1 }}>
            {CONTROLLER_SECTIONS.map((s) => (
              <Tab key={s.path} value={s.path} component={Link} to={s.path} label={t(s.title)} />
            ))}
          </Tabs>
          <Box sx={{ p: 2 }}>
            <Button fullWidth variant="outlined" color="inherit" onClick={() => dispatch(logoutRequested())}>
              {t('controller.signOut')}
            </Button>
          </Box>
        </Box>
        <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Box
            component="header"
            sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 1.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
          >
            <Chip
              color={connected ? 'success' : 'default'}
              label={connected ? t('controller.connectedChip', { sn: aircraftSn }) : t('controller.home.disconnected')}
            />
            <Chip variant="outlined" label={t('controller.projectChip', { name: project?.name ?? t('controller.home.noProject') })} />
          </Box>
          <Box component="main" sx={{ flexGrow: 1, p: 3, overflow: 'auto' }}>
            <PageOutlet />
          </Box>
        </Box>
      </Box>
    </ControllerTheme>
  );
}

/** Past the login page: shown once every feature's texts are loaded. */
export default function ControllerLayout() {
  return (
    <CompleteTexts fallback={<LoadingScreen />}>
      <Frame />
    </CompleteTexts>
  );
}
