import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Shown in the shell's content area for a page the user's role may not open (a direct URL; the menu does not offer it). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Box role="alert" aria-label="403" sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', p: 6 }}>
      <Box>
        <Typography variant="h2" component="p" color="text.secondary">
          403
        </Typography>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('access.forbiddenTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('access.forbiddenBody')}
        </Typography>
        <Button variant="contained" component={Link} to="/">
          {t('page.backHome')}
        </Button>
      </Box>
    </Box>
  );
}
