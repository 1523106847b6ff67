// The notices feature's public face: other features import these from here, never its files.
export { LEVEL_COLORS, NOTICE_LEVELS, noticeText } from './noticeRules';
export { default as NoticeDefectLink, noticeDefectColumn } from './NoticeDefectLink';
export { INBOX_RESOURCE, UNREAD_RESOURCE } from './resources';
export { useUnreadCount } from './useUnreadCount';
