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
    route: {
      too_few_waypoints: '航线至少需要 {{min}} 个航点（当前 {{count}} 个）',
      speed_out_of_range: '航点 {{index}}：速度 {{speed}} m/s 超出 {{min}}–{{max}} m/s',
      height_out_of_range: '航点 {{index}}：高度 {{alt}} m 超出飞行器限制 {{min}}–{{max}} m',
      above_ceiling: '航点 {{index}}：高度 {{alt}} m 超过项目限高 {{ceiling}} m',
      outside_project_area: '航点 {{index}} 位于项目区域之外',
      crosses_restricted_area: '航点 {{index}} 到 {{to}} 的航段进入限制区域“{{area}}”',
      not_zip: '文件不是有效的 zip 压缩包',
      zip_too_many_entries: '压缩包有 {{count}} 个文件，最多允许 {{max}} 个',
      zip_too_large: '压缩包解压后超过 {{max_mb}} MB',
      xml_doctype: '{{file}} 含有 DOCTYPE 或实体声明，不予接受',
      xml_malformed: '{{file}} 不是格式正确的 XML（第 {{line}} 行）',
      no_wayline_file: 'KMZ 中没有 wpmz/waylines.wpml 或 wpmz/template.kml',
      no_placemarks: '文件中没有航线或航点',
      coordinates_missing: '第 {{index}} 个点缺少坐标',
      coordinates_out_of_range: '第 {{index}} 个点的坐标超出范围',
      bad_number: '{{where}}：{{field}} 不是数字',
      bad_setting: '航线设置 {{field}} 无效',
      action_param_missing: '航点 {{index}}：动作 {{action}} 缺少 {{field}}',
      height_missing: '航点 {{index}} 缺少高度',
      speed_missing: '航点 {{index}} 缺少速度',
      bad_waypoint: '第 {{index}} 个点的 {{field}} 无效',
      too_many_waypoints: '航线有 {{count}} 个航点，最多允许 {{max}} 个',
      bad_json: '{{file}} 不是有效的 JSON',
      unknown_format: '{{file}} 不是 KMZ、KML、GPX 或 GeoJSON 文件',
      file_missing: '请选择要导入的文件',
      several_waylines: '文件包含 {{count}} 条航线，只导入了第一条',
      action_skipped: '航点 {{index}}：不支持的动作 {{action}} 已忽略',
      value_replaced: '{{field}} 的值“{{value}}”不受支持，已改用 {{used}}',
      default_height: '没有高度的点已设为 {{height}} m',
    },
  },
});
