import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectUnreadCount } from '../notifications';
import { bellHidden, bellShown } from './bellActions';

/**
 * The header bell's count: while a bell is on screen the notices saga loads it and keeps it current over the broker
 * (sysinfo/notice); screens without a bell (the remote controller's pages) read no notices.
 */
export function useUnreadCount(): number {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(bellShown());
    return () => void dispatch(bellHidden());
  }, [dispatch]);
  return useAppSelector(selectUnreadCount);
}
