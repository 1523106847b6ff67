// The auth feature's public face: other features import these from here, never its files.
export { loggedOut, loginFailed, loginRequested, loginSucceeded, logoutRequested, sessionExpired, userInfoRequested } from './authSlice';
export { allows, selectCan, selectPermissions, type Permissions } from './permissions';
export { useCan } from './useCan';
export { untilSignedIn } from './untilSignedIn';
export { selectIsLoggedIn, selectLoginError, selectLoginStatus, selectToken, selectUser } from './selectors';
