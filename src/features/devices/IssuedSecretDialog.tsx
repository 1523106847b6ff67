import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { issuedSecretDismissed } from '../../crud/resourcesSlice';

/** The dock's MQTT secret, shown once after it is issued (create or rotation); closing the dialog forgets it. */
export default function IssuedSecretDialog({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const issued = useAppSelector((s) => s.resources[resource]?.issuedSecret ?? null);
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    dispatch(issuedSecretDismissed({ resource }));
  };
  const copy = async () => {
    if (!issued) return;
    await navigator.clipboard.writeText(issued.secret);
    setCopied(true);
  };
  return (
    <Dialog open={issued !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="issued-secret-title">
      <DialogTitle id="issued-secret-title">{t('devices.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Alert severity="warning">{t('devices.secretOnce')}</Alert>
          <TextField label={t('devices.serial')} value={issued?.sn ?? ''} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
          <TextField label={t('devices.secret')} value={issued?.secret ?? ''} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
          <Alert severity="info">{t('devices.secretUsage')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t(copied ? 'devices.secretCopied' : 'devices.copySecret')}
        </Button>
        <Button variant="contained" onClick={close}>
          {t('resources.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
