import { ApiError } from './client';

export type Severity = 'success' | 'info' | 'warning' | 'error';

/** A failed request, reduced to plain data so it can travel in a Redux action. */
export interface FailedRequest {
  kind: ApiError['kind'];
  status?: number;
  message: string;
}

export interface ErrorReport {
  /** i18n key of the toast text; null means the user is not told (they cancelled). */
  messageKey: string | null;
  params?: Record<string, string>;
  severity: Severity;
  /** 401: the stored session is no longer valid. */
  clearSession: boolean;
}

export function toFailedRequest(error: unknown): FailedRequest {
  if (error instanceof ApiError) return { kind: error.kind, status: error.status, message: error.message };
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
}

/** Spec §8 error catalogue, plus the client-side failures. */
export function describeFailedRequest(failure: FailedRequest): ErrorReport {
  switch (failure.kind) {
    case 'aborted':
      return { messageKey: null, severity: 'info', clearSession: false };
    case 'timeout':
      return { messageKey: 'http.timeout', severity: 'error', clearSession: false };
    case 'network':
      return { messageKey: 'http.network', severity: 'error', clearSession: false };
    case 'http':
      break;
  }
  const status = failure.status ?? 0;
  if (status === 401) return { messageKey: 'http.401', severity: 'warning', clearSession: true };
  if (status === 403 || status === 404 || status === 429) return { messageKey: `http.${status}`, severity: 'warning', clearSession: false };
  if (status >= 500) return { messageKey: 'http.500', severity: 'error', clearSession: false };
  return { messageKey: 'http.other', params: { message: failure.message }, severity: 'warning', clearSession: false };
}
