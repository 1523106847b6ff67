import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConformance } from './selectors';
import { droneSelected } from './situationSlice';

/** The open conformance alerts beside the map, newest first; a click selects (and the map pans to) the aircraft. */
export default function ConformanceAlerts() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { alerts } = useAppSelector(selectConformance);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return (
    <Box component="section" aria-label={t('situation.conformanceAlerts')} sx={{ maxHeight: 200, overflowY: 'auto', flexShrink: 0 }}>
      <Typography variant="subtitle2" color={alerts.length ? 'error' : 'text.secondary'}>
        {t('situation.conformanceAlerts')} ({alerts.length})
      </Typography>
      <List dense disablePadding>
        {alerts.map((alert) => (
          <ListItemButton key={alert.id} onClick={() => dispatch(droneSelected(alert.device_sn))} sx={{ py: 0 }}>
            <ListItemText
              primary={`${alert.device_sn} · ${t(`situation.rules.${alert.code}`, { defaultValue: alert.code })}`}
              secondary={`${time.format(new Date(alert.first_seen_at))}${alert.plan_id ? ` · ${t('situation.planRef', { id: alert.plan_id })}` : ''}`}
            />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
