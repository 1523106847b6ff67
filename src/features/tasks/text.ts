import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'tasks',
  'zh-cn': {
    what: '任务',
    name: '任务名称',
    project: '项目',
    route: '航线',
    device: '设备',
    pilot: '飞手',
    kind: '任务类型',
    status: '状态',
    scheduledAt: '计划时间',
    startedAt: '开始时间',
    finishedAt: '结束时间',
    routeMap: '任务航线地图',
    noRoute: '未指定航线',
    routeLength: '航线长度',
    kinds: { inspection: '巡检', mapping: '测绘', patrol: '巡逻', delivery: '配送', emergency: '应急' },
    statuses: { pending: '待排期', scheduled: '已排期', running: '执行中', done: '已完成', failed: '失败', cancelled: '已取消' },
    steps: { schedule: '排期', start: '开始', complete: '完成', fail: '失败', cancel: '取消任务', retry: '重试' },
    scheduleNeedsTime: '排期需要计划时间',
  },
});
