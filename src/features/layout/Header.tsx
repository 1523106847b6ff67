import AccountCircle from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { AppBar, Badge, Button, IconButton, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { logoutRequested, selectIsLoggedIn, selectUser, useCan } from '../auth';
import { BrokerStatusIndicator as BrokerStatus } from '../broker';
import { selectActiveAlertCount } from '../devicelink';
import { LanguageSelect } from '../i18n';
import { sidebarToggled } from '../menu';
import { useUnreadCount } from '../notices';
import { selectPlatformName } from '../platform';
import { qaPanelRequested } from '../replay';

function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const canQa = useCan('qa');
  // Which element the popup menu hangs from is DOM-bound presentation state, not app state.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button color="inherit" startIcon={<AccountCircle />} aria-label={t('header.userMenu')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        {user?.name ?? user?.username ?? ''}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} onClick={() => setAnchor(null)}>
        <MenuItem component={Link} to="/personal">
          {t('header.personalCenter')}
        </MenuItem>
        {canQa && <MenuItem onClick={() => dispatch(qaPanelRequested())}>{t('replay.menuItem')}</MenuItem>}
        <MenuItem onClick={() => dispatch(logoutRequested())}>{t('header.logout')}</MenuItem>
      </Menu>
    </>
  );
}

export default function Header() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const platformName = useAppSelector(selectPlatformName);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // Unread notices plus active device alerts (the alert count follows sysinfo/alerts).
  const unread = useUnreadCount() + useAppSelector(selectActiveAlertCount);
  const { pathname } = useLocation();

  return (
    <AppBar position="static" elevation={1}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        {loggedIn && (
          <IconButton color="inherit" edge="start" aria-label={t('header.toggleSidebar')} onClick={() => dispatch(sidebarToggled())}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="div" sx={{ flexGrow: 1, whiteSpace: 'nowrap' }}>
          {platformName || t('app.defaultSiteName')}
        </Typography>
        <LanguageSelect onDark />
        {loggedIn && <BrokerStatus />}
        {loggedIn && (
          <IconButton color="inherit" component={Link} to="/personal/message" aria-label={t('header.notifications', { count: unread })}>
            <Badge badgeContent={unread} color="error">
              <NotificationsIcon />
            </Badge>
          </IconButton>
        )}
        {loggedIn ? (
          <UserMenu />
        ) : (
          pathname !== '/login' && (
            <Button color="inherit" component={Link} to="/login">
              {t('header.login')}
            </Button>
          )
        )}
      </Toolbar>
    </AppBar>
  );
}
