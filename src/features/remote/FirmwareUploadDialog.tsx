import { Alert as MuiAlert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { firmwareUploadRefusal } from './firmwareUpload';
import { firmwareUploadRequested } from './remoteSlice';

/**
 * Uploads a firmware package for the device type of the device whose panel opened it (device:write): the file, its
 * version and release note; the server computes md5 and size and offers it to every device of that type.
 */
export default function FirmwareUploadDialog({ deviceId, deviceType, onClose }: { deviceId: number; deviceType: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [productVersion, setProductVersion] = useState('');
  const [releaseNote, setReleaseNote] = useState('');
  const [tried, setTried] = useState(false);
  const refusal = firmwareUploadRefusal({ file, productVersion, releaseNote }, deviceType);
  const send = () => {
    setTried(true);
    if (refusal || !file) return;
    dispatch(firmwareUploadRequested({ deviceId, file, productVersion: productVersion.trim(), releaseNote: releaseNote.trim() }));
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="firmware-upload-title" fullWidth maxWidth="sm">
      <DialogTitle id="firmware-upload-title">{t('remote.firmwareUpload')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('remote.firmwareUploadFor', { type: deviceType ?? '—' })}</Typography>
          <Button component="label" variant="outlined">
            {file ? file.name : t('remote.firmwareUploadPick')}
            <input hidden type="file" aria-label={t('remote.firmwareUploadFile')} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </Button>
          <TextField
            size="small"
            label={t('remote.firmwareUploadVersion')}
            value={productVersion}
            onChange={(event) => setProductVersion(event.target.value)}
          />
          <TextField
            size="small"
            multiline
            minRows={2}
            label={t('remote.firmwareUploadNote')}
            value={releaseNote}
            onChange={(event) => setReleaseNote(event.target.value)}
          />
          {tried && refusal ? <MuiAlert severity="error">{t(`remote.firmwareUploadRefusals.${refusal}`)}</MuiAlert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('kit.cancel')}</Button>
        <Button variant="contained" onClick={send}>
          {t('remote.firmwareUploadSend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
