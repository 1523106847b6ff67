import { createTheme } from '@mui/material/styles';
import { enUS, zhCN } from '@mui/material/locale';
import type { Language } from '../features/i18n/languages';
import en from '../features/i18n/locales/en';
import zhCn from '../features/i18n/locales/zh-cn';

const KIT = { 'zh-cn': zhCn.kit, en: en.kit };

export function createAppTheme(language: Language) {
  const kit = KIT[language];
  return createTheme(
    {
      palette: { primary: { main: '#0b5cad' }, secondary: { main: '#00897b' } },
      shape: { borderRadius: 6 },
      typography: { fontFamily: '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Helvetica Neue",Arial,sans-serif' },
    },
    language === 'en' ? enUS : zhCN,
    // Spec §8 select texts over MUI's own ("无匹配数据", "加载中"); MUI's locale keeps the rest (clear, open, close).
    { components: { MuiAutocomplete: { defaultProps: { noOptionsText: kit.selectNoMatch, loadingText: kit.selectLoading } } } },
  );
}
