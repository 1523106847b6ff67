import { call, getContext, put } from 'redux-saga/effects';
import { createAction } from '@reduxjs/toolkit';
import type { HttpClient } from './client';
import { toFailedRequest, type FailedRequest } from './errorCatalogue';

/** Raised for every failed request made through callApi; the http-errors saga turns it into a toast. */
export const requestFailed = createAction<FailedRequest>('http/requestFailed');

/**
 * Calls an endpoint function with the app's HTTP client. A failure is reported once through requestFailed
 * (toast, 401 handling) and rethrown so the calling saga can update its own state.
 */
export function* callApi<Args extends unknown[], Result>(endpoint: (client: HttpClient, ...args: Args) => Promise<Result>, ...args: Args) {
  const client: HttpClient = yield getContext('http');
  try {
    const result: Result = yield call(endpoint, client, ...args);
    return result;
  } catch (error) {
    yield put(requestFailed(toFailedRequest(error)));
    throw error;
  }
}
