import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { useCrudEnvironment } from './environment';

/** MUI X date pickers in the console's language (zh-CN / en), with the spec §8 texts for now/today/start/end. */
export default function DateLocalization({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const language = useAppSelector(useCrudEnvironment().selectLanguage);
  const localeText = useMemo(
    () => ({
      ...(language === 'en' ? enUS : zhCN).components.MuiLocalizationProvider.defaultProps.localeText,
      todayButtonLabel: t('kit.today'),
      start: t('kit.startDate'),
      end: t('kit.endDate'),
    }),
    [language, t],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language === 'en' ? 'en' : 'zh-cn'} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
