import type { RootState } from '../../app/rootReducer';

export const selectToken = (state: RootState) => state.auth.token;
/** Logged in = a token in the store (which starts from the one kept in local storage). */
export const selectIsLoggedIn = (state: RootState) => Boolean(state.auth.token);
export const selectUser = (state: RootState) => state.auth.user;
export const selectLoginStatus = (state: RootState) => state.auth.loginStatus;
export const selectLoginError = (state: RootState) => state.auth.loginError;
