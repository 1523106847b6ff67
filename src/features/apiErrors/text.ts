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
    airspace: {
      area_self_intersecting: '空域范围的边界自相交（约在 {{lon}}, {{lat}} 附近）',
      area_too_large: '空域面积 {{area_km2}} km² 超过上限 {{max_km2}} km²',
      altitude_order: '最高高度（{{max_alt}} 米）必须高于最低高度（{{min_alt}} 米）',
      altitude_ceiling: '最高高度 {{max_alt}} 米超过该类飞行的限高 {{ceiling}} 米',
      window_order: '结束时间必须晚于开始时间',
      window_too_long: '申请时段 {{hours}} 小时，超过上限 {{max_hours}} 小时',
      window_past: '开始时间必须在将来',
      device_not_aircraft: '只能为飞行器申请空域（所选设备不是飞行器）',
      late_needs_note: '该申请逾期提交，批准时必须填写说明',
      late: '逾期提交',
      above_auto_ceiling: '最高高度 {{max_alt}} 米高于自动批准限高 {{ceiling}} 米',
      touches_restricted_area: '空域触及禁飞/管制区：{{features}}',
      overlaps_other_department: '与其他部门已批准的空域重叠：申请 {{ids}}',
      application_not_approved: '空域申请尚未批准',
      plan_window_order: '计划结束时间必须晚于计划开始时间',
      plan_starts_before_window: '计划开始时间 {{time}} 早于批准时段',
      plan_ends_after_window: '计划结束时间 {{time}} 晚于批准时段',
      plan_device_mismatch: '计划所用飞行器与空域申请批准的飞行器不一致',
      waypoint_outside_area: '第 {{index}} 个航点在批准空域之外',
      segment_outside_area: '航点 {{from}} 到 {{to}} 之间的航段离开了批准空域',
      waypoint_altitude: '第 {{index}} 个航点高度 {{alt}} 米不在批准高度 {{min_alt}}–{{max_alt}} 米之内',
      plan_conflict: '与已受理的飞行计划 {{ids}} 的空域冲突',
      override_needs_note: '强制受理冲突计划时必须填写说明',
    },
  },
});
