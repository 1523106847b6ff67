// The notifications feature's public face: other features import these from here, never its files.
export { reportActionFailure } from './actionFailure';
export { toastShown } from './notificationsSlice';
export { selectUnreadCount } from './selectors';
