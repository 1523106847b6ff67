// The notifications feature's public face: other features import these from here, never its files. The toast action
// and the failure toast are the lower layer's (src/shared), so the CRUD kit asks for toasts without this feature.
export { reportActionFailure } from '../../shared/actionFailure';
export { toastShown } from '../../shared/toasts';
export { selectUnreadCount } from './selectors';
