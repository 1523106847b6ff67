import { useAppSelector } from '../../app/hooks';
import { selectUnreadCount } from '../notifications';

/** The header bell's count: loaded at sign-in and kept current over the broker by the notices saga (sysinfo/notice). */
export function useUnreadCount(): number {
  return useAppSelector(selectUnreadCount);
}
