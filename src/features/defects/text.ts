import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'defects',
  'zh-cn': {
    title: '缺陷',
    taskTitle: '任务 {{taskId}} 的缺陷',
    none: '暂无缺陷',
    draw: '标记缺陷',
    drawing: '在照片上拖出矩形框',
    category: '缺陷类别',
    noCategory: '未分类',
    severity: '严重程度',
    severities: { low: '轻微', medium: '一般', high: '严重', critical: '危急' },
    status: '状态',
    statuses: { new: '新建', confirmed: '已确认', in_repair: '维修中', fixed: '已修复', verified: '已验收', rejected: '已驳回' },
    actions: { confirm: '确认', repair: '开始维修', fix: '已修复', verify: '验收', reject: '驳回' },
    note: '备注',
    photo: '照片',
    save: '保存缺陷',
    cancel: '取消',
    problems: { no_region: '先在照片上框出缺陷区域', note_too_long: '备注最多 2000 字' },
    shortcuts: '快捷键：D 标记，1–4 严重程度，Enter 保存，Esc 取消，←/→ 上一张/下一张',
    report: { pdf: '下载巡检报告 (PDF)', xlsx: '下载缺陷清单 (XLSX)' },
    outline: '{{severity}}缺陷 {{id}}',
  },
});
