import type { ErrorCode } from './errorCodes';
import { errorText, type ErrorParams, type ErrorText, type FieldProblem } from './errorText';
import { ERROR_TEXTS_ZH } from './errorTexts';
import { ERROR_TEXTS_EN } from './errorTexts.en';

/**
 * Error codes as text in zh or en where no i18next runs (the server's answers to DJI Pilot 2): the console's own tables
 * (shared/errorTexts*.ts) with the subset of i18next they use, `{{param}}` and nested `$t(key)`.
 */

export type MessageLanguage = 'zh' | 'en';

const TABLES: Record<MessageLanguage, Record<string, unknown>> = { zh: { apiError: ERROR_TEXTS_ZH }, en: { apiError: ERROR_TEXTS_EN } };

const lookup = (language: MessageLanguage, key: string): string | null => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), TABLES[language]);
  return typeof value === 'string' ? value : null;
};

/** A key's text in a language, params interpolated and nested keys resolved (an unknown key stays as it is, like i18next). */
export function translateText(language: MessageLanguage, { key, params = {} }: ErrorText, depth = 0): string {
  const text = lookup(language, key);
  if (text === null) return key;
  const interpolated = text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  return depth > 4
    ? interpolated
    : interpolated.replace(/\$t\(([\w.-]+)\)/g, (_whole, nested: string) => translateText(language, { key: nested, params }, depth + 1));
}

/** A refusal's message in a language. */
export const errorMessage = (language: MessageLanguage, code: ErrorCode, params?: ErrorParams, fieldProblems?: readonly FieldProblem[]): string =>
  translateText(language, errorText(code, params, fieldProblems));
