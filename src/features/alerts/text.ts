import { defineFeatureText } from '../i18n';

export default defineFeatureText({
  namespace: 'alerts',
  'zh-cn': {
    level: '级别',
    levels: { 0: '提示', 1: '注意', 2: '警告' },
    kind: '类别',
    kinds: { hms: '健康告警', conformance: '合规告警', safety: '飞行安全' },
    device: '设备',
    code: '代码',
    message: '内容',
    firstSeen: '首次出现',
    lastSeen: '最近出现',
    count: '次数',
    state: '状态',
    states: { 1: '进行中', 0: '已结束' },
    acked: '确认',
    ackedAt: '已确认 {{time}}',
    notAcked: '未确认',
    acknowledge: '确认',
    acknowledgeSelected: '确认所选（{{count}}）',
    acknowledged: '已确认 {{count}} 条告警',
  },
});
