import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { menuGroupToggled } from './menuSlice';
import { MenuIcon } from './menuIcons';
import { menuLeaves } from './menuTree';
import type { MenuItem } from './menuTypes';
import { selectOpenMenuGroups, selectSidebarCollapsed, selectVisibleMenuTree } from './selectors';

export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 60;

const linkSx = { '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } } };

function PageLink({ item, collapsed, depth }: { item: MenuItem; collapsed: boolean; depth: number }) {
  const { t } = useTranslation();
  const label = t(item.name);
  const link = (
    <ListItemButton component={NavLink} to={item.path} sx={{ ...linkSx, pl: collapsed ? 2.5 : 2 + depth * 2 }} aria-label={collapsed ? label : undefined}>
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36 }}>
        <MenuIcon name={item.icon} />
      </ListItemIcon>
      {!collapsed && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

export default function Sidebar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const tree = useAppSelector(selectVisibleMenuTree);
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const openGroups = useAppSelector(selectOpenMenuGroups);
  const { pathname } = useLocation();

  return (
    <Box
      component="nav"
      aria-label={t('header.mainMenu')}
      sx={{
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        overflowY: 'auto',
        overflowX: 'hidden',
        transition: 'width 150ms',
        bgcolor: 'background.paper',
      }}
    >
      <List dense disablePadding>
        {collapsed
          ? menuLeaves(tree).map((item) => <PageLink key={item.id} item={item} collapsed depth={0} />)
          : tree.map((item) => {
              if (!item.children?.length) return <PageLink key={item.id} item={item} collapsed={false} depth={0} />;
              // The group holding the page on screen is always open.
              const open = openGroups.includes(item.id) || pathname.startsWith(`${item.path}/`);
              return (
                <Box key={item.id}>
                  <ListItemButton onClick={() => dispatch(menuGroupToggled(item.id))} aria-expanded={open}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <MenuIcon name={item.icon} />
                    </ListItemIcon>
                    <ListItemText primary={t(item.name)} />
                    {open ? <ExpandLess /> : <ExpandMore />}
                  </ListItemButton>
                  <Collapse in={open} timeout="auto" unmountOnExit>
                    <List dense disablePadding>
                      {item.children.map((child) => (
                        <PageLink key={child.id} item={child} collapsed={false} depth={1} />
                      ))}
                    </List>
                  </Collapse>
                </Box>
              );
            })}
      </List>
    </Box>
  );
}
