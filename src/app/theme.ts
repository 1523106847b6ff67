import { createTheme } from '@mui/material/styles';
import { enUS, zhCN } from '@mui/material/locale';
import type { Language } from '../features/i18n/languages';

/**
 * The app's theme in `language`: MUI's own locale, with spec §8's select texts ("无匹配数据", "加载中") taken from the
 * translation tables through `t`, so the first paint carries no table besides the bundled zh-cn one.
 */
export function createAppTheme(language: Language, t: (key: string) => string) {
  return createTheme(
    {
      palette: { primary: { main: '#0b5cad' }, secondary: { main: '#00897b' } },
      shape: { borderRadius: 6 },
      typography: { fontFamily: '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Helvetica Neue",Arial,sans-serif' },
    },
    language === 'en' ? enUS : zhCN,
    // MUI's locale keeps the rest (clear, open, close).
    { components: { MuiAutocomplete: { defaultProps: { noOptionsText: t('kit.selectNoMatch'), loadingText: t('kit.selectLoading') } } } },
  );
}
