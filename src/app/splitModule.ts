import { call, put } from 'redux-saga/effects';
import { toastShown } from '../shared/toasts';

/**
 * Loads, from a saga, a module whose code is split off the first paint. A chunk that fails to load is logged and
 * shown as one error toast; the result is then null and the caller carries on without the module.
 */
export function* loadSplitModule<T>(load: () => Promise<T>): Generator<unknown, T | null, T> {
  try {
    return yield call(load);
  } catch (error) {
    console.error(error);
    yield put(toastShown({ messageKey: 'page.chunkFailedBody', severity: 'error' }));
    return null;
  }
}
