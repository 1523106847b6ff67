import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth';
import { selectUnreadCount } from '../notifications';
import { detailRequested } from '../../crud/resourcesSlice';

export const UNREAD_RESOURCE = 'noticeUnread';
const REFRESH_MS = 60_000;

/** The header bell's count (GET /Notice/unread/), loaded on sign-in and refreshed every minute. */
export function useUnreadCount(): number {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useEffect(() => {
    if (!loggedIn) return undefined;
    dispatch(detailRequested({ resource: UNREAD_RESOURCE }));
    const timer = setInterval(() => dispatch(detailRequested({ resource: UNREAD_RESOURCE })), REFRESH_MS);
    return () => clearInterval(timer);
  }, [dispatch, loggedIn]);
  return useAppSelector(selectUnreadCount);
}
