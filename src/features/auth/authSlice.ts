import type { ErrorText } from '../../api/errorCatalogue';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SignedInUser } from '@shared/user';
import type { Credentials } from '../../api/auth';

export interface AuthState {
  token: string | null;
  user: SignedInUser | null;
  loginStatus: 'idle' | 'pending' | 'failed';
  loginError: ErrorText | null;
}

export const initialAuthState: AuthState = { token: null, user: null, loginStatus: 'idle', loginError: null };

const signedOut = (state: AuthState) => {
  state.token = null;
  state.user = null;
  state.loginStatus = 'idle';
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loginRequested(state, _action: PayloadAction<Credentials>) {
      state.loginStatus = 'pending';
      state.loginError = null;
    },
    loginSucceeded(state, action: PayloadAction<{ token: string; user: SignedInUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.loginStatus = 'idle';
      state.loginError = null;
    },
    loginFailed(state, action: PayloadAction<ErrorText>) {
      state.loginStatus = 'failed';
      state.loginError = action.payload;
    },
    userInfoRequested() {},
    userInfoLoaded(state, action: PayloadAction<SignedInUser>) {
      state.user = action.payload;
    },
    logoutRequested() {},
    /** serverConfirmed: the server revoked the token (its logout answered code 200). */
    loggedOut(state, _action: PayloadAction<{ serverConfirmed: boolean }>) {
      signedOut(state);
    },
    /** A 401 from the server: the stored session is gone. */
    sessionExpired: signedOut,
  },
});

export const { loginRequested, loginSucceeded, loginFailed, userInfoRequested, userInfoLoaded, logoutRequested, loggedOut, sessionExpired } = authSlice.actions;
export default authSlice.reducer;
