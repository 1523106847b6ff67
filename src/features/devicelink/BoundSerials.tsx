import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectBindings } from './selectors';

/** /djiapp home: the controller's serials and whether the platform has bound them. */
export default function BoundSerials({ serials }: { serials: Array<string | null> }) {
  const { t } = useTranslation();
  const bound = useAppSelector(selectBindings);
  const known = serials.filter((sn): sn is string => Boolean(sn));
  return (
    <Typography variant="body2" component="p" aria-label={t('devicelink.bound.title')}>
      {t('devicelink.bound.title')}:{' '}
      {known.length
        ? known
            .map((sn) => `${sn} ${sn in bound ? t(`devicelink.bound.state.${bound[sn] ? 'bound' : 'unbound'}`) : t('devicelink.bound.checking')}`)
            .join(' · ')
        : t('devicelink.bound.none')}
    </Typography>
  );
}
