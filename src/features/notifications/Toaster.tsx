import { Alert, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentToast, toastDismissed } from './notificationsSlice';

/** Shows queued toasts one at a time. */
export default function Toaster() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const toast = useAppSelector(selectCurrentToast);
  if (!toast) return null;
  const close = () => dispatch(toastDismissed(toast.id));
  return (
    <Snackbar
      key={toast.id}
      open
      anchorOrigin={toast.position}
      autoHideDuration={toast.durationMs}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      sx={{ [toast.position.vertical]: '16px !important' }}
    >
      <Alert severity={toast.severity} variant="filled" onClose={close} role={toast.severity === 'error' ? 'alert' : 'status'}>
        {t(toast.messageKey, toast.params)}
      </Alert>
    </Snackbar>
  );
}
