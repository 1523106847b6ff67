import CloseIcon from '@mui/icons-material/Close';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, IconButton, Menu, MenuItem, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { allTabsClosed, otherTabsClosed, tabCloseRequested } from './tabsSlice';
import { selectActiveTabPath, selectTabs } from './selectors';

export default function TabStrip() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const tabs = useAppSelector(selectTabs);
  const activePath = useAppSelector(selectActiveTabPath);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const value = tabs.some((tab) => tab.path === activePath) ? activePath : false;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 40 }}>
      <Tabs value={value} variant="scrollable" scrollButtons="auto" aria-label={t('tabs.label')} sx={{ flexGrow: 1, minHeight: 40 }}>
        {tabs.map((tab) => {
          const title = t(tab.title);
          return (
            <Tab
              key={tab.path}
              value={tab.path}
              component="div"
              onClick={() => navigate(tab.path)}
              sx={{ minHeight: 40, py: 0, pr: 0.5, textTransform: 'none' }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {title}
                  <IconButton
                    size="small"
                    aria-label={t('tabs.close', { title })}
                    onClick={(event) => {
                      event.stopPropagation();
                      dispatch(tabCloseRequested(tab.path));
                    }}
                  >
                    <CloseIcon sx={{ fontSize: 14 }} />
                  </IconButton>
                </Box>
              }
            />
          );
        })}
      </Tabs>
      <IconButton aria-label={t('tabs.more')} aria-haspopup="menu" onClick={(e) => setMenuAnchor(e.currentTarget)} disabled={!tabs.length}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)} onClick={() => setMenuAnchor(null)}>
        <MenuItem disabled={!activePath} onClick={() => activePath && dispatch(otherTabsClosed(activePath))}>
          {t('tabs.closeOthers')}
        </MenuItem>
        <MenuItem onClick={() => dispatch(allTabsClosed())}>{t('tabs.closeAll')}</MenuItem>
      </Menu>
    </Box>
  );
}
