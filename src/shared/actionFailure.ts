import { put } from 'redux-saga/effects';
import { describeFailedRequest, failureText, reasonParams, toFailedRequest } from '../api/errorCatalogue';
import { toastShown, type ToastRequest } from './toasts';

/**
 * The error toast of a failed user action (delete, workflow step, publish) with the server's reason, e.g. a 409
 * "device still has tasks". Null when the HTTP error catalogue's own toast already tells what happened (401, 403,
 * 404, 429, 5xx, network, timeout, cancelled); otherwise it replaces the catalogue's toast of the same reason.
 * `messageKey` nests the reason as `$t({{reason}})`.
 */
export function actionFailureToast(messageKey: string, error: unknown): ToastRequest | null {
  const failure = toFailedRequest(error);
  const status = failure.status ?? 0;
  if (failure.kind !== 'http' || [401, 403, 404, 429].includes(status) || status >= 500) return null;
  const generic = describeFailedRequest(failure);
  return {
    messageKey,
    params: reasonParams(failureText(failure)),
    severity: 'error',
    supersedes: { messageKey: generic.messageKey!, params: generic.params },
  };
}

/** Saga step: toasts a failed user action (see actionFailureToast). */
export function* reportActionFailure(messageKey: string, error: unknown) {
  const toast = actionFailureToast(messageKey, error);
  if (toast) yield put(toastShown(toast));
}
