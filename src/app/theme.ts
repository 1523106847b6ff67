import { createTheme } from '@mui/material/styles';
import { enUS, zhCN } from '@mui/material/locale';
import type { Language } from '../features/i18n/languages';

export function createAppTheme(language: Language) {
  return createTheme(
    {
      palette: { primary: { main: '#0b5cad' }, secondary: { main: '#00897b' } },
      shape: { borderRadius: 6 },
      typography: { fontFamily: '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Helvetica Neue",Arial,sans-serif' },
    },
    language === 'en' ? enUS : zhCN,
  );
}
