import { defineFeatureText } from '../i18n';

/**
 * The console's texts of the server's error codes (`error_code` in the envelope and `code` of a field error, listed
 * in shared/errorCodes.ts and docs/api.md), by area: code `<area>.<reason>` is looked up as `apiError.<area>.<reason>`,
 * its `params` interpolated. `entity` and `where` params are names from the server, translated through the
 * `entity` and `where` tables by nesting ($t).
 */
export default defineFeatureText({
  namespace: 'apiError',
  'zh-cn': {
    common: {
      bad_request: '请求有误',
      invalid_input: '$t(apiError.where.{{where}})有误：$t(apiError.{{detail}})',
      invalid_json: '请求内容不是有效的 JSON',
      unsupported_media_type: '不支持的请求内容类型',
      not_found: '请求的资源不存在',
      no_route: '请求的接口不存在',
      row_not_found: '$t(apiError.entity.{{entity}})不存在或已被删除',
      unique_taken: '$t(apiError.entity.{{entity}})的$t(apiError.uniqueField.{{field}})已被占用',
      duplicate: '已存在相同的$t(apiError.entity.{{entity}})',
      still_referenced: '该$t(apiError.entity.{{entity}})仍被其他记录引用，请先删除或改派这些记录',
      changed_meanwhile: '该$t(apiError.entity.{{entity}})已被他人修改，请刷新后重试',
      conflict: '操作与现有数据冲突',
      payload_too_large: '提交的内容过大',
      rate_limited: '请求过于频繁，请 {{retry_after_s}} 秒后再试',
      server_error: '服务器错误',
      database_unavailable: '数据库暂时不可用，请稍后重试',
    },
    auth: {
      wrong_credentials: '用户名或密码错误',
      account_disabled: '该账号已被停用',
      not_logged_in: '未登录或登录已过期，请重新登录',
      token_invalid: '登录已失效，请重新登录',
      forbidden: '您没有此操作的权限',
      missing_permission: '您没有此操作的权限（需要 {{permission}}）',
      user_not_found: '用户不存在',
    },
    field: {
      required: '必填',
      invalid: '格式不正确',
      invalid_type: '类型不正确',
      invalid_format: '格式不正确',
      invalid_value: '请从可选项中选择',
      too_long: '最多 {{maximum}} 个字符',
      too_short: '至少 {{minimum}} 个字符',
      too_many: '最多 {{maximum}} 项',
      too_few: '至少 {{minimum}} 项',
      too_big: '不能大于 {{maximum}}',
      too_small: '不能小于 {{minimum}}',
      unknown_keys: '包含不支持的字段',
      not_after: '必须晚于开始时间',
      before: '不能早于开始日期',
      below: '不能小于下限',
      taken: '「{{value}}」已被占用',
      unknown_ref: '所选记录不存在',
      control_character: '包含不允许的控制字符',
      too_deep: '嵌套层级超过 {{levels}} 层',
      parent_cycle: '上级不能是自身或其下级',
      range_too_long: '时间范围最长 {{max_days}} 天',
    },
    upload: {
      too_large: '文件不能超过 {{max_mb}} MB',
      bad_image_type: '图片须为 PNG、JPEG 或 WebP 格式',
      unexpected_file: '不接受此文件',
    },
    workflow: {
      illegal_transition: '该$t(apiError.entity.{{entity}})当前状态不允许此操作',
    },
    role: {
      admin_fixed: '内置管理员角色的编码和权限不可修改',
      admin_undeletable: '内置管理员角色不能删除',
      beyond_actor: '不能修改拥有您所没有权限的角色',
      grant_beyond_actor: '只能授予您自己拥有的权限',
    },
    user: {
      beyond_actor: '不能修改拥有您所没有权限的用户',
      assign_beyond_actor: '只能分配权限不超出您自己权限的角色',
      last_admin: '最后一位启用的管理员不能被停用、降级或删除',
      delete_self: '不能删除自己的账号',
    },
    device: {
      not_a_dock: '只有机场有 MQTT 密钥',
    },
    task: {
      route_other_project: '所选航线属于其他项目',
      locked: '进行中或已结束的任务不能编辑',
      running_undeletable: '执行中的任务不能删除，请先结束它',
    },
    airspace_application: {
      not_draft: '只有草稿状态的申请可以编辑或删除，其他状态请撤销',
    },
    flight_plan: {
      application_not_approved: '飞行计划需要一个已批准的空域申请',
      not_filed: '只有已报备的计划可以编辑或删除，其他状态请取消',
    },
    flight_report: {
      plan_not_accepted: '飞行报告需要一个已受理的飞行计划',
    },
    tiles: {
      package_not_found: '地图包不存在',
      tile_not_found: '该位置没有地图瓦片',
    },
    /** `params.entity` of the codes above. */
    entity: {
      user: '用户',
      role: '角色',
      department: '部门',
      project: '项目',
      resource: '资源',
      device: '设备',
      route: '航线',
      task: '任务',
      feature: '地图要素',
      notice: '公告',
      alert: '告警',
      audit: '审计记录',
      airspace_application: '空域申请',
      flight_plan: '飞行计划',
      flight_report: '飞行报告',
    },
    /** `params.where` of common.invalid_input. */
    where: {
      body: '提交的数据',
      querystring: '查询条件',
      query: '查询条件',
      params: '请求地址',
      headers: '请求头',
      request: '请求',
    },
    /** `params.field` of common.unique_taken: the unique columns of the CRUD resources. */
    uniqueField: {
      serial: '序列号',
      username: '用户名',
      code: '编码',
      name: '名称',
    },
  },
});
