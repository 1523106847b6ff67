import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLY_TO_LIMITS } from '@shared/dji/flightReport';
import { checkFlyTo, type FlyToDraft, type FlyToFieldError } from './flyToRules';

/** What the dialog starts with: the device drawer's defaults. */
const START: FlyToDraft = { height: '60', maxSpeed: '8' };

/**
 * The fly-to confirmation for a point picked on the map: names the aircraft and the point, asks the height and the
 * speed (checkFlyTo says what may be sent), and hands the values to `onConfirm`.
 */
export default function FlyToDialog({
  aircraft,
  sn,
  point,
  onConfirm,
  onCancel,
}: {
  aircraft: string;
  sn: string;
  point: { lat: number; lng: number };
  onConfirm: (values: { height: number; max_speed: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(START);
  const { errors, values } = checkFlyTo(draft);
  const errorText = (error: FlyToFieldError, limits: { min: number; max: number }) => (error ? t(`situation.flyTo.errors.${error}`, limits) : ' ');
  const title = t('situation.flyTo.title', { aircraft });
  return (
    <Dialog open onClose={onCancel} aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('situation.flyTo.body', { aircraft, sn, lat: point.lat.toFixed(6), lng: point.lng.toFixed(6) })}
        </DialogContentText>
        <Stack direction="row" spacing={2}>
          <TextField
            size="small"
            type="number"
            label={t('situation.flyTo.height')}
            value={draft.height}
            error={errors.height !== null}
            helperText={errorText(errors.height, FLY_TO_LIMITS.height)}
            onChange={(event) => setDraft({ ...draft, height: event.target.value })}
          />
          <TextField
            size="small"
            type="number"
            label={t('situation.flyTo.maxSpeed')}
            value={draft.maxSpeed}
            error={errors.maxSpeed !== null}
            helperText={errorText(errors.maxSpeed, FLY_TO_LIMITS.maxSpeed)}
            onChange={(event) => setDraft({ ...draft, maxSpeed: event.target.value })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('kit.cancel')}</Button>
        <Button variant="contained" color="error" disabled={values === null} onClick={() => values && onConfirm(values)}>
          {t('situation.flyTo.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
