// The notices feature's public face: other features import these from here, never its files.
export { LEVEL_COLORS } from './noticeRules';
export { UNREAD_RESOURCE, useUnreadCount } from './useUnreadCount';
