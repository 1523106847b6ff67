import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUSES } from '@shared/live';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fixedRowSx, useFixedRows } from './fixedRows';
import { listRows, slotColour } from './fleet';
import { useFleetFrame } from './fleetStore';
import { selectDroneSearch, selectFleetNames, selectSelectedDrone, selectStatusFilter } from './selectors';
import { droneSelected } from './situationSlice';

const ROW_HEIGHT = 52;

/** One list row; props are primitives so unchanged rows skip rendering. */
const DroneRow = memo(function DroneRow({
  sn,
  name,
  status,
  battery,
  alt,
  colour,
  flagged,
  selected,
  top,
}: {
  sn: string;
  /** The device's name when the user's data scope shows it; the row leads with the serial otherwise. */
  name: string | undefined;
  status: string;
  battery: number;
  alt: number;
  colour: string;
  flagged: boolean;
  selected: boolean;
  top: number;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <ListItemButton disableRipple selected={selected} onClick={() => dispatch(droneSelected(sn))} sx={fixedRowSx(ROW_HEIGHT, top)}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colour, mr: 1, flexShrink: 0 }} />
      <ListItemText
        primary={name ?? sn}
        secondary={[
          ...(name === undefined ? [] : [sn]),
          t(`situation.statuses.${status}`, { defaultValue: status }),
          `${battery}%`,
          `${alt} m`,
          ...(flagged ? [t('situation.flagged')] : []),
        ].join(' · ')}
      />
    </ListItemButton>
  );
});

/** The side list: every drone matching the search and status filter, virtualised (only the rows in view exist). */
export default function DroneList() {
  const { t } = useTranslation();
  const search = useAppSelector(selectDroneSearch);
  const statusFilter = useAppSelector(selectStatusFilter);
  const selectedSn = useAppSelector(selectSelectedDrone);
  const names = useAppSelector(selectFleetNames);
  const frame = useFleetFrame();
  const rows = useMemo(() => listRows(frame, names, search, statusFilter), [frame, names, search, statusFilter]);
  const { scroller, virtualizer } = useFixedRows<HTMLDivElement>(rows.length, ROW_HEIGHT, 8, 6);
  return (
    <List dense component="div" role="list" aria-label={t('menu.tas')} ref={scroller} sx={{ overflowY: 'auto', flex: 1, minHeight: 80 }}>
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const slot = rows[item.index];
          return (
            <DroneRow
              key={frame.sn[slot]}
              sn={frame.sn[slot]}
              name={names[frame.sn[slot]]}
              status={DEVICE_STATUSES[frame.status[slot]]}
              battery={Math.round(frame.battery[slot])}
              alt={Math.round(frame.alt[slot])}
              colour={slotColour(frame, slot)}
              flagged={frame.flagged[slot] === 1}
              selected={frame.sn[slot] === selectedSn}
              top={item.start}
            />
          );
        })}
      </Box>
      {frame.count === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {t('situation.noDrones')}
        </Typography>
      )}
    </List>
  );
}
