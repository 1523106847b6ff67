import { isErrorCode, type ErrorCode, type ErrorParamValue } from './errorCodes';

/**
 * Which text of the `apiError` tables (shared/errorTexts*.ts) tells a refusal: the console translates it with i18next,
 * the server's answers to DJI Pilot 2 with errorMessage.ts. (No tables here: the console loads English only on demand.)
 */

export type ErrorParams = Record<string, ErrorParamValue>;

/** An i18n key and its params. */
export interface ErrorText {
  key: string;
  params?: ErrorParams;
}

/** A field problem as the server reports it: a code of shared/errorCodes.ts (when known) and its params. */
export interface FieldProblem {
  code?: string;
  params?: ErrorParams;
}

/** The text of one field problem: its code's translation, or the generic "invalid" when it has no known code. */
export function fieldProblemText(problem: FieldProblem): ErrorText {
  return isErrorCode(problem.code) ? { key: `apiError.${problem.code}`, params: problem.params ?? {} } : { key: 'apiError.field.invalid' };
}

/** The text of a refusal's code; an invalid input names its first field problem. */
export function errorText(code: ErrorCode, params: ErrorParams = {}, fieldProblems: readonly FieldProblem[] = []): ErrorText {
  if (code !== 'common.invalid_input') return { key: `apiError.${code}`, params };
  const first = fieldProblems[0];
  const detail = first ? fieldProblemText(first) : { key: 'apiError.field.invalid' };
  // The nested $t(apiError.{{detail}}) of the text reads the detail's params from the same options.
  return { key: 'apiError.common.invalid_input', params: { ...detail.params, ...params, detail: detail.key.replace(/^apiError\./, '') } };
}
