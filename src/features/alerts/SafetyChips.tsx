import { Chip, Stack } from '@mui/material';
import { useMemo } from 'react';
import type { Alert } from '@shared/entities/alert';
import { useAppSelector } from '../../app/hooks';
import { useResourceDocument } from '../../crud/hooks';
import { useCan } from '../auth';
import { selectLanguage } from '../i18n';
import { alertsByDevice, alertText, LEVEL_COLORS, OPEN_SAFETY_PARAMS, OPEN_SAFETY_RESOURCE } from './alertRules';

/**
 * The open flight safety alerts of every device the user sees, by device id (loaded once shown, kept current by the
 * alerts saga); none without device:read (the alert API's permission).
 */
export function useOpenSafetyAlerts(): Record<number, Alert[]> {
  const canRead = useCan('device:read');
  const { data } = useResourceDocument<{ items: Alert[] }>(OPEN_SAFETY_RESOURCE, canRead ? OPEN_SAFETY_PARAMS : null);
  return useMemo(() => alertsByDevice(data?.items ?? []), [data]);
}

/** A device's open flight safety alerts as chips in its level's colour (nothing when there are none). */
export function SafetyChips({ alerts }: { alerts: readonly Alert[] | undefined }) {
  const language = useAppSelector(selectLanguage);
  if (!alerts?.length) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden' }}>
      {alerts.map((alert) => (
        <Chip key={alert.id} size="small" color={LEVEL_COLORS[alert.level]} label={alertText(alert, language)} data-code={alert.code} />
      ))}
    </Stack>
  );
}
