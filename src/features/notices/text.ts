import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'notices',
  'zh-cn': {
    what: '通知',
    title: '标题',
    content: '内容',
    level: '级别',
    publishAt: '发布时间',
    state: '发布状态',
    published: '已发布',
    scheduled: '待发布',
    withdrawn: '已撤回',
    publish: '发布',
    withdraw: '撤回',
    publishFailed: '发布失败：$t({{reason}})',
    withdrawFailed: '撤回失败：$t({{reason}})',
    read: '已读',
    unread: '未读',
    markRead: '标为已读',
    levels: { info: '普通', warning: '重要', urgent: '紧急' },
    readState: '阅读状态',
    openDefect: '查看缺陷',
    defect: '缺陷',
    defectNumber: '缺陷 #{{id}}',
    openDefectNumber: '查看缺陷 #{{id}}',
  },
});
