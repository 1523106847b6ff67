import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import PageFrame from './PageFrame';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={`404 · ${t('route.notFound')}`}>
      <Typography sx={{ mb: 2 }}>{t('page.notFoundBody')}</Typography>
      <Button variant="contained" component={Link} to="/">
        {t('page.backHome')}
      </Button>
    </PageFrame>
  );
}
