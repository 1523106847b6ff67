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
    scope: {
      dept_outside: '部门 {{dept_id}} 不在您的数据权限范围内',
    },
  },
});
