import { reasonParams, type ErrorText } from '../../api/errorCatalogue';
import { Alert, Box, Button, FormControl, InputLabel, OutlinedInput, Paper, Stack, Typography } from '@mui/material';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLoginError, selectLoginStatus } from '../auth';
import { CompleteTexts } from '../i18n';
import { LoadingScreen } from '../pages';
import { selectPlatformName } from '../platform';
import type { BridgeFailure } from './bridge';
import { bridgeFailureText } from './bridgeFailure';
import ControllerTheme from './ControllerTheme';
import {
  controllerLoginOpened,
  controllerSignInRequested,
  selectBridgeError,
  selectBridgeStatus,
  selectConfigStatus,
  selectSdkConfig,
} from './controllerSlice';
import { workspaceIdFrom } from './djiConfig';

/** The licence line of the set-up panel: refused is told apart from a bridge that failed. */
export function licenseMessageKey(status: string, error: BridgeFailure | null): ErrorText {
  if (status === 'failed' && error)
    return error.kind === 'refused'
      ? { key: 'controller.license.refused' }
      : { key: 'controller.license.failed', params: reasonParams(bridgeFailureText(error)) };
  return { key: `controller.license.${status}` };
}

/** /djiapp/login: SDK configuration, licence on the bridge, then the platform sign-in whose token goes to the bridge. */
function LoginForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const workspaceId = workspaceIdFrom(search);
  const configStatus = useAppSelector(selectConfigStatus);
  const bridgeStatus = useAppSelector(selectBridgeStatus);
  const bridgeError = useAppSelector(selectBridgeError);
  const loginStatus = useAppSelector(selectLoginStatus);
  const loginError = useAppSelector(selectLoginError);
  const config = useAppSelector(selectSdkConfig);
  const configuredName = useAppSelector(selectPlatformName);
  const platformName = config?.platformName || configuredName || t('app.defaultSiteName');

  useEffect(() => {
    dispatch(controllerLoginOpened({ workspaceId }));
  }, [dispatch, workspaceId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    dispatch(controllerSignInRequested({ username: String(form.get('username') ?? '').trim(), password: String(form.get('password') ?? ''), workspaceId }));
  };
  const retry = () => dispatch(controllerLoginOpened({ workspaceId }));
  const license = licenseMessageKey(bridgeStatus, bridgeError);
  // A refused licence blocks the sign-in until retried; a configuration that failed is loaded again by the sign-in.
  const blocked = bridgeStatus === 'failed';
  const busy = loginStatus === 'pending' || configStatus === 'loading' || bridgeStatus === 'verifying';

  return (
    <ControllerTheme>
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 6, p: 4, bgcolor: 'grey.100', flexWrap: 'wrap' }}
      >
        <Paper component="section" aria-labelledby="dji-setup-title" sx={{ p: 4, width: 560, display: 'grid', gap: 2 }}>
          <Typography variant="subtitle1" color="text.secondary">
            {platformName}
          </Typography>
          <Typography id="dji-setup-title" variant="h5" component="h2">
            {t('controller.login.setup')}
          </Typography>
          <Typography color="text.secondary">{t('controller.login.workspace', { id: String(config?.workspaceId ?? workspaceId) })}</Typography>
          <Alert
            role={configStatus === 'failed' ? 'alert' : 'status'}
            severity={configStatus === 'failed' ? 'error' : configStatus === 'loaded' ? 'success' : 'info'}
          >
            {t(`controller.config.${configStatus}`)}
          </Alert>
          <Alert
            role={bridgeStatus === 'failed' ? 'alert' : 'status'}
            severity={bridgeStatus === 'failed' ? 'error' : bridgeStatus === 'verified' ? 'success' : 'info'}
          >
            {t(license.key, license.params)}
          </Alert>
          {bridgeStatus !== 'failed' && bridgeError && (
            <Alert severity="warning">{t('controller.bridgeError', reasonParams(bridgeFailureText(bridgeError)))}</Alert>
          )}
          {(blocked || configStatus === 'failed') && (
            <Button variant="outlined" onClick={retry}>
              {t('controller.retry')}
            </Button>
          )}
        </Paper>
        <Paper component="form" onSubmit={submit} aria-labelledby="dji-login-title" sx={{ p: 4, width: 560, display: 'grid', gap: 3 }}>
          <Typography id="dji-login-title" variant="h4" component="h1">
            {t('controller.login.title')}
          </Typography>
          {loginStatus === 'failed' && loginError && <Alert severity="error">{t('controller.login.failed', reasonParams(loginError))}</Alert>}
          <Stack spacing={3}>
            <FormControl required>
              <InputLabel htmlFor="dji-login-username">{t('controller.login.username')}</InputLabel>
              <OutlinedInput id="dji-login-username" name="username" label={t('controller.login.username')} autoComplete="username" />
            </FormControl>
            <FormControl required>
              <InputLabel htmlFor="dji-login-password">{t('controller.login.password')}</InputLabel>
              <OutlinedInput id="dji-login-password" name="password" type="password" label={t('controller.login.password')} autoComplete="current-password" />
            </FormControl>
          </Stack>
          <Button type="submit" variant="contained" disabled={busy || blocked}>
            {loginStatus === 'pending' ? t('controller.login.submitting') : t('controller.login.submit')}
          </Button>
        </Paper>
      </Box>
    </ControllerTheme>
  );
}

/** Past the login page: shown once every feature's texts are loaded. */
export default function ControllerLoginPage() {
  return (
    <CompleteTexts fallback={<LoadingScreen />}>
      <LoginForm />
    </CompleteTexts>
  );
}
