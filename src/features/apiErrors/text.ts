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
    mission: {
      no_aircraft: '任务未指定飞行器',
      no_route: '任务未指定航线',
      not_bound: '飞行器 {{sn}} 未连接到遥控器或机场',
      offline: '飞行器 {{sn}} 离线',
      battery_low: '电量 {{battery}}% 低于航线所需的 {{needed}}%（预估加预留）',
      weather: '当前天气不适合飞行',
      no_plan: '没有覆盖该航线和当前时间的已批准飞行计划',
      already_dispatched: '任务已被下发',
      command_not_applicable: '任务当前状态下不能执行该操作',
      cancel_in_flight: '飞行已开始，无法撤销任务，请使用返航',
      schedule_needs_time: '排期需要计划时间',
      schedule_in_past: '计划时间必须晚于当前时间',
      device_refused: '设备拒绝了指令（错误码 {{result}}）',
      device_timeout: '设备未及时响应指令',
      link_failed: '指令无法发送到设备',
      link_unavailable: '实时通道已关闭，无法下发任务',
      wayline_link_invalid: '航线下载链接无效或已过期',
    },
  },
});
