import type { SafetyRule } from '../flight/safety';
import type { ConformanceRule } from './alert';

/**
 * What each conformance rule reads as: a conformance alert's message (server) and the console's rule names. Apart from
 * alert.ts so the console's text tables take no zod with them.
 */
export const CONFORMANCE_RULE_TEXTS = {
  zh: { outside_volume: '飞出计划空域', outside_window: '不在计划时段内', no_plan: '无有效飞行计划', in_no_fly_zone: '进入禁飞区' },
  en: {
    outside_volume: 'Left its plan volume',
    outside_window: 'Outside its plan window',
    no_plan: 'No accepted flight plan',
    in_no_fly_zone: 'In a no-fly zone',
  },
} as const satisfies Record<'zh' | 'en', Record<ConformanceRule, string>>;

/** What each flight safety rule (shared/flight/safety.ts) reads as: a safety alert's message and the console's names. */
export const SAFETY_RULE_TEXTS = {
  zh: {
    low_battery: '电量低',
    critical_battery: '电量严重不足',
    return_now: '应立即返航：剩余电量仅够返航',
    lost_link: '失去连接',
    returning_home: '飞行器自动返航中',
    forced_landing: '飞行器强制降落中',
  },
  en: {
    low_battery: 'Low battery',
    critical_battery: 'Critical battery',
    return_now: 'Return now: only enough battery left to come home',
    lost_link: 'Link lost',
    returning_home: 'Aircraft returning home on its own',
    forced_landing: 'Aircraft forced landing',
  },
} as const satisfies Record<'zh' | 'en', Record<SafetyRule, string>>;
