import { createI18n } from '../../../src/features/i18n/i18n';
import enTranslation from '../../../src/features/i18n/translations.en';
import zhCnTranslation, { FEATURE_TEXTS } from '../../../src/features/i18n/translations.zh-cn';
import { createTestI18n } from '../support/i18n';

function flatten(table: object, prefix = ''): Record<string, unknown> {
  return Object.entries(table).reduce<Record<string, unknown>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') Object.assign(acc, flatten(value, path));
    else acc[path] = value;
    return acc;
  }, {});
}

describe('translation tables', () => {
  const zh = flatten(zhCnTranslation);
  const en = flatten(enTranslation);

  it('every feature has its table in both languages', () => {
    const namespaces = FEATURE_TEXTS.map((f) => f.namespace);
    expect(namespaces.filter((ns) => !(ns in enTranslation))).toEqual([]);
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it('every zh-cn key exists in en and the other way round', () => {
    expect(Object.keys(en).filter((k) => !(k in zh))).toEqual([]);
    expect(Object.keys(zh).filter((k) => !(k in en))).toEqual([]);
  });

  it('no text is empty', () => {
    expect(Object.entries(zh).filter(([, v]) => typeof v !== 'string' || !v)).toEqual([]);
    expect(Object.entries(en).filter(([, v]) => typeof v !== 'string' || !v)).toEqual([]);
  });

  it('interpolation variables match between languages', () => {
    const vars = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(zh).filter((k) => vars(zh[k]).join() !== vars(en[k]).join())).toEqual([]);
  });

  it.each([
    ['kit.tableEmpty', '暂无数据'],
    ['kit.invalidInput', '输入的数据不合法!'],
    ['guard.openOnController', '请在大疆遥控器访问'],
    ['kit.confirm', '确定'],
    ['kit.cancel', '取消'],
  ])('spec text %s = %s', (key, text) => {
    expect(zh[key]).toBe(text);
  });

  it('zh-cn is the default and fallback', () => {
    const i18n = createTestI18n('en');
    expect(i18n.t('kit.tableEmpty')).toBe('No data');
    expect(i18n.options.fallbackLng).toEqual(['zh-cn']);
  });

  it('English is loaded when the user switches to it, not before', async () => {
    const i18n = createI18n('zh-cn');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.t('kit.tableEmpty')).toBe('暂无数据');
    await i18n.changeLanguage('en');
    expect(i18n.t('kit.tableEmpty')).toBe('No data');
    expect(i18n.t('map.layers')).toBe('Layers');
  });
});
