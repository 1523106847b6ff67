import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'access',
  'zh-cn': { forbiddenTitle: '无权访问', forbiddenBody: '您没有访问此页面的权限，请联系管理员。' },
});
