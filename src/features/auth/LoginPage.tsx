import { reasonParams, type ErrorText } from '../../api/errorCatalogue';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CompleteTexts, LanguageSelect } from '../i18n';
import { selectPlatformName } from '../platform';
import { loginRequested } from './authSlice';
import { selectLoginError, selectLoginStatus } from './selectors';

/** Why signing in failed, in the API error table's words (which the first paint leaves out). */
function SignInFailure({ reason }: { reason: ErrorText }) {
  const { t } = useTranslation();
  return <Alert severity="error">{t('login.failed', reasonParams(reason))}</Alert>;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectLoginStatus);
  const error = useAppSelector(selectLoginError);
  const platformName = useAppSelector(selectPlatformName) || t('app.defaultSiteName');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    dispatch(loginRequested({ username: String(form.get('username') ?? '').trim(), password: String(form.get('password') ?? '') }));
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2, position: 'relative' }}>
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSelect />
      </Box>
      <Paper component="form" onSubmit={submit} aria-labelledby="login-title" sx={{ p: 4, width: '100%', maxWidth: 380, display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" color="text.secondary">
          {platformName}
        </Typography>
        <Typography id="login-title" variant="h5" component="h1">
          {t('login.title')}
        </Typography>
        {status === 'failed' && error && (
          <CompleteTexts>
            <SignInFailure reason={error} />
          </CompleteTexts>
        )}
        {/* FormControl + OutlinedInput rather than TextField: TextField pulls in Select and its popover code, which the first paint does not need. */}
        <FormControl required>
          <InputLabel htmlFor="login-username">{t('login.username')}</InputLabel>
          <OutlinedInput id="login-username" name="username" label={t('login.username')} autoComplete="username" autoFocus />
        </FormControl>
        <FormControl required>
          <InputLabel htmlFor="login-password">{t('login.password')}</InputLabel>
          <OutlinedInput id="login-password" name="password" type="password" label={t('login.password')} autoComplete="current-password" />
        </FormControl>
        <Button type="submit" variant="contained" size="large" disabled={status === 'pending'}>
          {status === 'pending' ? t('login.submitting') : t('login.submit')}
        </Button>
      </Paper>
    </Box>
  );
}
