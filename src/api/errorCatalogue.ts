import { isErrorCode, type ErrorCode, type ErrorParamValue } from '@shared/errorCodes';
import { errorText, fieldProblemText, type ErrorParams, type ErrorText } from '@shared/errorText';
import { ApiError, fieldErrorsOf } from './client';
import type { FieldError } from './types';

export type Severity = 'success' | 'info' | 'warning' | 'error';

/** A translatable text (ErrorText): an i18n key and its interpolation params, translated where it is shown, in the app language. */
export type { ErrorParams, ErrorText };

/** Params of a text that nests a reason as `$t({{reason}})` (e.g. "删除失败：$t({{reason}})"): the reason's key and params. */
export const reasonParams = (reason: ErrorText): ErrorParams => ({ ...reason.params, reason: reason.key });

/** A failed request, reduced to plain data so it can travel in a Redux action. */
export interface FailedRequest {
  kind: ApiError['kind'];
  status?: number;
  /** The server's English `msg` (for logs); never shown in the console. */
  message: string;
  /** The server's stable reason (shared/errorCodes.ts), when it sent a known one. */
  errorCode?: ErrorCode;
  params?: ErrorParams;
  fieldErrors?: FieldError[];
}

export interface ErrorReport {
  /** i18n key of the toast text; null means the user is not told (they cancelled). */
  messageKey: string | null;
  params?: ErrorParams;
  severity: Severity;
  /** 401: the stored session is no longer valid. */
  clearSession: boolean;
}

const plainParams = (value: unknown): ErrorParams | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter((e): e is [string, ErrorParamValue] => typeof e[1] === 'string' || typeof e[1] === 'number');
  return Object.fromEntries(entries);
};

export function toFailedRequest(error: unknown): FailedRequest {
  if (!(error instanceof ApiError)) return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as { error_code?: unknown; params?: unknown };
  const fieldErrors = fieldErrorsOf(error);
  return {
    kind: error.kind,
    status: error.status,
    message: error.message,
    ...(isErrorCode(body.error_code) ? { errorCode: body.error_code, params: plainParams(body.params) ?? {} } : {}),
    ...(fieldErrors.length ? { fieldErrors } : {}),
  };
}

/** The text of one field error: its code's translation, or the generic "invalid" when the server sent no known code. */
export const fieldErrorText = (error: FieldError): ErrorText => fieldProblemText(error);

/**
 * The text of a failed request's reason: the server's code translated (an invalid input names its first field
 * problem), else the generic text of the failure's kind or HTTP status. Never the server's English `msg`.
 */
export function failureText(failure: FailedRequest): ErrorText {
  if (failure.kind === 'timeout' || failure.kind === 'network' || failure.kind === 'aborted') return { key: `http.${failure.kind}` };
  if (failure.errorCode) return errorText(failure.errorCode, failure.params, failure.fieldErrors);
  const status = failure.status ?? 0;
  if ([400, 401, 403, 404, 409, 413, 429].includes(status)) return { key: `http.${status}` };
  if (status >= 500) return { key: 'http.500' };
  return { key: 'http.other', params: { status } };
}

/** Spec §8 error catalogue, plus the client-side failures. */
export function describeFailedRequest(failure: FailedRequest): ErrorReport {
  if (failure.kind === 'aborted') return { messageKey: null, severity: 'info', clearSession: false };
  const { key, params } = failureText(failure);
  const status = failure.status ?? 0;
  const severity: Severity = failure.kind !== 'http' || status >= 500 ? 'error' : 'warning';
  return { messageKey: key, ...(params ? { params } : {}), severity, clearSession: failure.kind === 'http' && status === 401 };
}
