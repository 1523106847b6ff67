import type { RootState } from '../../app/rootReducer';

/** The header bell: the signed-in user's unread published notices (GET /Notice/unread/, resource "noticeUnread"). */
export const selectUnreadCount = (state: RootState): number => {
  const detail = state.resources.noticeUnread?.detail as { count?: unknown } | null | undefined;
  return typeof detail?.count === 'number' ? detail.count : 0;
};
