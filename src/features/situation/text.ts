import { CONFORMANCE_RULE_TEXTS } from '@shared/entities/alertTexts';
import { defineFeatureText } from '../i18n';
import { AIRSENSE_LEVEL_TEXTS } from '@shared/dji/airsenseTraffic';

/** DJI's warning level names by level, as i18next keys. */
export const levelNames = (names: readonly string[]): Record<string, string> => Object.fromEntries(names.map((name, level) => [String(level), name]));

export default defineFeatureText({
  namespace: 'situation',
  'zh-cn': {
    online: '在线设备',
    onlineValue: '{{online}} / {{total}}',
    reporting: '回传中',
    flagged: '偏离告警',
    weather: '天气',
    weatherValue: '{{name}}：{{temperature}}°C，风速 {{wind}} m/s',
    flyable: '适飞',
    notFlyable: '不适飞',
    noWeather: '暂无天气',
    search: '搜索名称、序列号或任务',
    name: '名称',
    status: '状态',
    all: '全部',
    statuses: { flying: '飞行中', online: '在线', maintenance: '维护', offline: '离线', flagged: '偏离告警' },
    noDrones: '暂无无人机回传数据',
    onMap: '地图上 {{count}} 架无人机',
    detail: '无人机详情',
    sn: '序列号',
    battery: '电量',
    altitude: '高度',
    speed: '速度',
    heading: '航向',
    task: '任务',
    lastSeen: '更新时间',
    follow: '跟随',
    close: '关闭',
    broker: '实时通道',
    conformanceAlerts: '未关闭的偏离告警',
    rules: CONFORMANCE_RULE_TEXTS.zh,
    planRef: '计划 #{{id}}',
    planTooltip: '飞行计划 #{{id}}（{{status}}）',
    airTraffic: '有人机 {{icao}}（{{sn}} 附近）：{{level}}，水平距离 {{distance}} m，高度 {{altitude}} m',
    airsenseLevels: levelNames(AIRSENSE_LEVEL_TEXTS.zh),
    history: {
      group: '统计维度',
      groups: { device: '无人机', plan: '飞行计划', day: '日期' },
      from: '起始日期',
      to: '截止日期',
      utcDays: '按 UTC 日期统计',
      badRange: '截止日期不能早于起始日期',
      count: '告警数',
      open: '未关闭',
      noPlan: '无计划飞行',
      empty: '该时段内没有偏离告警',
    },
  },
});
