import { defineFeatureText } from '../features/i18n';

export default defineFeatureText({
  namespace: 'resources',
  'zh-cn': {
    search: '搜索',
    create: '新建',
    edit: '编辑',
    delete: '删除',
    save: '保存',
    saving: '保存中…',
    actions: '操作',
    refresh: '刷新',
    all: '全部',
    deleteTitle: '确认删除',
    deleteBody: '确定删除“{{name}}”吗？此操作不可撤销。',
    loadFailed: '加载失败：$t({{reason}})',
    saveFailed: '保存失败：$t({{reason}})',
    deleteFailed: '删除失败：$t({{reason}})',
    actionFailed: '操作失败：$t({{reason}})',
    createTitle: '新建{{what}}',
    editTitle: '编辑{{what}}',
    required: '必填',
    detail: '详情',
    close: '关闭',
    note: '备注',
    exportCsv: '导出 CSV',
  },
});
