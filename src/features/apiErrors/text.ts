import { defineFeatureText } from '../i18n';

/**
 * The console's texts of the server's error codes (`error_code` in the envelope, docs/api.md), by area:
 * code `<area>.<reason>` is looked up as `apiError.<area>.<reason>`, its `params` interpolated.
 */
export default defineFeatureText({
  namespace: 'apiError',
  'zh-cn': {
    common: {
      database_unavailable: '数据库暂时不可用，请稍后重试',
    },
    flight: {
      not_found: '飞行记录 {{id}} 不存在',
      no_track: '飞行记录 {{id}} 没有轨迹，无法导出',
    },
  },
});
