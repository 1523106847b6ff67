import type { ErrorText } from '../../api/errorCatalogue';
import type { BridgeFailure } from './bridge';

/**
 * What the pilot reads about a failed bridge call, in the page's language: the kind of failure and the method; Pilot
 * 2's own message (already in the controller's language) or a thrown error's text only as the detail.
 */
export function bridgeFailureText(failure: BridgeFailure): ErrorText {
  const method = failure.method ?? 'djiBridge';
  switch (failure.kind) {
    case 'missing':
      return { key: 'controller.bridgeFailure.missing' };
    case 'malformed':
    case 'refused':
      return { key: `controller.bridgeFailure.${failure.kind}`, params: { method } };
    case 'failed':
      return failure.message
        ? { key: 'controller.bridgeFailure.failedSaying', params: { method, code: failure.code ?? '', message: failure.message } }
        : { key: 'controller.bridgeFailure.failed', params: { method, code: failure.code ?? '' } };
    case 'thrown':
      return { key: 'controller.bridgeFailure.thrown', params: { method, message: failure.message } };
  }
}
