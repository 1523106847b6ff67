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
