import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLY_TO_LIMITS } from '@shared/dji/flightReport';
import { checkFlyTo, type FlyToDraft } from './flyToRules';

/** What the dialog starts with: the device drawer's defaults. */
const START: FlyToDraft = { height: '60', maxSpeed: '8' };
const FIELDS = ['height', 'maxSpeed'] as const;

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
  const title = t('situation.flyTo.title', { aircraft });
  return (
    <Dialog open onClose={onCancel} aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('situation.flyTo.body', { aircraft, sn, lat: point.lat.toFixed(6), lng: point.lng.toFixed(6) })}
        </DialogContentText>
        <Stack direction="row" spacing={2}>
          {FIELDS.map((field) => (
            <TextField
              key={field}
              size="small"
              type="number"
              label={t(`situation.flyTo.${field}`)}
              value={draft[field]}
              error={errors[field] !== null}
              helperText={errors[field] ? t(`situation.flyTo.errors.${errors[field]}`, FLY_TO_LIMITS[field]) : ' '}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
          ))}
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
