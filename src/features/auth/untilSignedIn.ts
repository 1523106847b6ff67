import { select, take } from 'redux-saga/effects';
import type { Saga } from '../../app/saga';
import { loginSucceeded } from './authSlice';
import { selectToken } from './selectors';

/** Returns once a user is signed in: at once when the state holds a token (a stored session), else on sign-in. */
export function* untilSignedIn(): Saga {
  const token: string | null = yield select(selectToken);
  if (!token) yield take(loginSucceeded.type);
}
