import { Alert, AlertTitle, Box, Button } from '@mui/material';
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError } from '../../app/lazyPage';

/** Shown instead of a blank page when a route fails: a lost chunk gets a reload button. */
export default function RouteErrorPage({ error }: Pick<FallbackProps, 'error'>) {
  const { t } = useTranslation();
  const chunkFailed = error instanceof ChunkLoadError;
  return (
    <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('page.reload')}
          </Button>
        }
      >
        <AlertTitle>{chunkFailed ? t('page.chunkFailedTitle') : t('page.errorTitle')}</AlertTitle>
        {chunkFailed ? t('page.chunkFailedBody') : error instanceof Error ? error.message : String(error)}
      </Alert>
    </Box>
  );
}
