import type { LoginInfo } from '@shared/user';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { fetchLoginInfo, login, logout, type Credentials, type LoginResult } from '../../api/auth';
import { callApi } from '../../api/callApi';
import { type Envelope, type HttpClient } from '../../api/client';
import { failureText, toFailedRequest } from '../../api/errorCatalogue';
import { clearSession, saveSession, saveUser } from '../../app/persistence';
import type { Navigator } from '../../app/services';
import { loggedOut, loginFailed, loginRequested, loginSucceeded, logoutRequested, userInfoLoaded, userInfoRequested } from './authSlice';
import { selectToken } from './selectors';

/** On success the navigation guard moves the user on from the login page (see decideNavigation). */
function* signIn(action: PayloadAction<Credentials>) {
  const credentials = action.payload;
  const client: HttpClient = yield getContext('http');
  try {
    const response: Envelope<LoginResult> = yield call(login, client, credentials);
    const { token, user } = response.data;
    const storage: Storage = yield getContext('storage');
    saveSession(storage, token, user);
    yield put(loginSucceeded({ token, user }));
  } catch (error) {
    // Shown on the form, in the app language (a wrong password is a 401 here, not an expired session).
    yield put(loginFailed(failureText(toFailedRequest(error))));
  }
}

function* refreshUserInfo() {
  const token: string | null = yield select(selectToken);
  if (!token) return;
  try {
    const response: Envelope<LoginInfo> = yield* callApi(fetchLoginInfo);
    const storage: Storage = yield getContext('storage');
    saveUser(storage, response.data);
    yield put(userInfoLoaded(response.data));
  } catch {
    // callApi already reported it (a 401 signs the user out).
  }
}

/** Spec §7: the server logout counts as done when its code field is 200; locally the user is signed out either way. */
export function* signOut() {
  const client: HttpClient = yield getContext('http');
  let serverConfirmed: boolean;
  try {
    const response: Envelope<null> = yield call(logout, client);
    serverConfirmed = response.code === 200;
  } catch {
    serverConfirmed = false;
  }
  const storage: Storage = yield getContext('storage');
  clearSession(storage);
  yield put(loggedOut({ serverConfirmed }));
  const navigator: Navigator = yield getContext('navigator');
  navigator.navigate('/login');
}

export default function* authSaga() {
  yield takeLatest(loginRequested.type, signIn);
  yield takeLatest(userInfoRequested.type, refreshUserInfo);
  yield takeEvery(logoutRequested.type, signOut);
}
