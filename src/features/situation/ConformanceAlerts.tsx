import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fixedRowSx, useFixedRows } from './fixedRows';
import { selectConformance } from './selectors';
import { droneSelected } from './situationSlice';

const ROW_HEIGHT = 44;
const VISIBLE_ROWS = 4;

/**
 * The open conformance alerts beside the map, newest first; a click selects (and the map pans to) the aircraft.
 * Virtualised like the drone list: a fleet flying without plans has thousands open, and only the rows in view exist.
 */
export default function ConformanceAlerts() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { alerts } = useAppSelector(selectConformance);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const { scroller, virtualizer } = useFixedRows<HTMLUListElement>(alerts.length, ROW_HEIGHT, VISIBLE_ROWS, 4);
  return (
    <Box component="section" aria-label={t('situation.conformanceAlerts')} sx={{ flexShrink: 0 }}>
      <Typography variant="subtitle2" color={alerts.length ? 'error' : 'text.secondary'}>
        {t('situation.conformanceAlerts')} ({alerts.length})
      </Typography>
      <List dense disablePadding ref={scroller} sx={{ maxHeight: ROW_HEIGHT * VISIBLE_ROWS, overflowY: 'auto' }}>
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const alert = alerts[item.index];
            return (
              <ListItemButton key={alert.id} onClick={() => dispatch(droneSelected(alert.device_sn))} sx={{ py: 0, ...fixedRowSx(ROW_HEIGHT, item.start) }}>
                <ListItemText
                  primary={`${alert.device_sn} · ${t(`situation.rules.${alert.code}`, { defaultValue: alert.code })}`}
                  secondary={`${time.format(new Date(alert.first_seen_at))}${alert.plan_id ? ` · ${t('situation.planRef', { id: alert.plan_id })}` : ''}`}
                />
              </ListItemButton>
            );
          })}
        </Box>
      </List>
    </Box>
  );
}
