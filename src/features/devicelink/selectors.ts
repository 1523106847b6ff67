import type { RootState } from '../../app/rootReducer';
import type { Language } from '../i18n';

export const selectDeviceLive = (sn: string) => (state: RootState) => state.devicelink.live[sn] ?? null;
export const selectDeviceAlerts = (sn: string) => (state: RootState) => state.devicelink.alerts[sn];
export const selectActiveAlertCount = (state: RootState) => state.devicelink.activeAlertCount ?? 0;

/** The shared DJI tables (modes, HMS texts) are keyed en / zh. */
export const tableLanguage = (language: Language): 'en' | 'zh' => (language === 'en' ? 'en' : 'zh');
export const selectBindings = (state: RootState) => state.devicelink.bound;
