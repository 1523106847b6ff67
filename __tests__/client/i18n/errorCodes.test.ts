import { ALL_ERROR_CODES, ERROR_ENTITIES, errorParamNames } from '@shared/errorCodes';
import zhCnTranslation from '../../../src/features/i18n/translations.zh-cn';
import enTranslation from '../../../src/features/i18n/translations.en';

/** Every code the server can send (shared/errorCodes.ts, the list its HttpError is typed against) has its text. */
describe('apiError tables cover the error catalogue', () => {
  const tables = { 'zh-cn': zhCnTranslation, en: enTranslation } as Record<string, Record<string, unknown>>;
  const lookup = (table: Record<string, unknown>, path: string): unknown =>
    path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), table);

  it.each(Object.keys(tables))('%s has a text for every code', (language) => {
    expect(ALL_ERROR_CODES.filter((code) => typeof lookup(tables[language], `apiError.${code}`) !== 'string')).toEqual([]);
  });

  it.each(Object.keys(tables))('%s texts use only the params their code declares', (language) => {
    const undeclared = ALL_ERROR_CODES.flatMap((code) => {
      const text = String(lookup(tables[language], `apiError.${code}`));
      const used = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      // invalid_input nests its first field error, whose params come along (see failureText).
      const allowed = new Set([...errorParamNames(code), ...(code === 'common.invalid_input' ? ['detail'] : [])]);
      return used.filter((name) => !allowed.has(name)).map((name) => `${code}: ${name}`);
    });
    expect(undeclared).toEqual([]);
  });

  it.each(Object.keys(tables))('%s names every entity an error may name', (language) => {
    expect(ERROR_ENTITIES.filter((entity) => typeof lookup(tables[language], `apiError.entity.${entity}`) !== 'string')).toEqual([]);
  });
});
