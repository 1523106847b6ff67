/**
 * Every error code the server sends (envelope `error_code`, and `code` of a field error), by area, with the names
 * of its `params`. The one list both sides are typed against: the server's HttpError takes only these codes, the
 * console's apiError tables must translate each of them (a test checks), docs/api.md lists them.
 */
export const ERROR_CODES = {
  common: {
    bad_request: [],
    invalid_input: ['where'],
    invalid_json: [],
    unsupported_media_type: [],
    not_found: [],
    no_route: ['method', 'path'],
    row_not_found: ['entity', 'id'],
    unique_taken: ['entity', 'field'],
    duplicate: ['entity'],
    still_referenced: ['entity'],
    changed_meanwhile: ['entity'],
    conflict: [],
    payload_too_large: [],
    rate_limited: ['retry_after_s'],
    server_error: [],
    database_unavailable: [],
    broker_unavailable: [],
  },
  auth: {
    wrong_credentials: [],
    account_disabled: [],
    not_logged_in: [],
    token_invalid: [],
    forbidden: [],
    missing_permission: ['permission'],
    user_not_found: [],
  },
  /** Problems of one field (the `code` of a field error). */
  field: {
    required: [],
    invalid: [],
    invalid_type: ['expected'],
    invalid_format: ['format'],
    invalid_value: [],
    too_long: ['maximum'],
    too_short: ['minimum'],
    too_many: ['maximum'],
    too_few: ['minimum'],
    too_big: ['maximum'],
    too_small: ['minimum'],
    unknown_keys: ['keys'],
    not_after: ['other'],
    before: ['other'],
    below: ['other'],
    taken: ['value'],
    unknown_ref: ['id'],
    control_character: [],
    too_deep: ['levels'],
    parent_cycle: [],
    range_too_long: ['max_days'],
  },
  upload: {
    too_large: ['field', 'max_mb'],
    bad_image_type: ['field'],
    unexpected_file: ['field'],
    empty_file: ['field'],
  },
  workflow: {
    illegal_transition: ['entity', 'action', 'status'],
  },
  role: {
    admin_fixed: [],
    admin_undeletable: [],
    beyond_actor: ['permissions'],
    grant_beyond_actor: ['permissions'],
    admin_scope_fixed: [],
    scope_beyond_actor: ['scope'],
    used_outside_scope: [],
  },
  user: {
    beyond_actor: ['permissions'],
    assign_beyond_actor: ['permissions'],
    last_admin: [],
    delete_self: [],
    scope_beyond_actor: ['scope'],
  },
  device: {
    not_a_dock: [],
    gateway_sn_required: [],
    gateway_is_dock: [],
    gateway_outside_scope: ['sn'],
  },
  task: {
    route_other_project: [],
    locked: ['status'],
    running_undeletable: [],
  },
  airspace_application: {
    not_draft: ['status'],
  },
  flight_plan: {
    application_not_approved: ['status'],
    not_filed: ['status'],
  },
  flight_report: {
    plan_not_accepted: ['status'],
  },
  route: {
    too_few_waypoints: ['min', 'count'],
    speed_out_of_range: ['index', 'speed', 'min', 'max'],
    height_out_of_range: ['index', 'alt', 'min', 'max'],
    above_ceiling: ['index', 'alt', 'ceiling'],
    outside_project_area: ['index'],
    crosses_restricted_area: ['index', 'to', 'area'],
    not_zip: [],
    zip_too_many_entries: ['count', 'max'],
    zip_too_large: ['max_mb'],
    xml_doctype: ['file'],
    xml_malformed: ['file', 'line'],
    xml_too_deep: ['file', 'max'],
    no_wayline_file: [],
    no_placemarks: [],
    coordinates_missing: ['index'],
    coordinates_out_of_range: ['index'],
    bad_number: ['where', 'field'],
    bad_setting: ['field'],
    action_param_missing: ['index', 'action', 'field'],
    height_missing: ['index'],
    speed_missing: ['index'],
    bad_waypoint: ['index', 'field'],
    too_many_waypoints: ['count', 'max'],
    bad_json: ['file'],
    unknown_format: ['file'],
    file_missing: [],
    several_waylines: ['count'],
    value_replaced: ['field', 'value', 'used'],
    default_height: ['height'],
    actions_kept: ['actions'],
    name_taken: ['name'],
    conversion_needed: ['template_type'],
  },
  flight: {
    not_found: ['id'],
    no_track: ['id'],
  },
  airspace: {
    area_self_intersecting: ['lon', 'lat'],
    area_too_large: ['area_km2', 'max_km2'],
    altitude_order: ['max_alt', 'min_alt'],
    altitude_ceiling: ['max_alt', 'ceiling'],
    window_order: [],
    window_too_long: ['hours', 'max_hours'],
    window_past: [],
    device_not_aircraft: [],
    late_needs_note: [],
    late: [],
    above_auto_ceiling: ['max_alt', 'ceiling'],
    touches_restricted_area: ['features'],
    overlaps_other_department: ['ids'],
    application_not_approved: [],
    plan_window_order: [],
    plan_starts_before_window: ['time'],
    plan_ends_after_window: ['time'],
    plan_device_mismatch: [],
    waypoint_outside_area: ['index'],
    segment_outside_area: ['from', 'to'],
    waypoint_altitude: ['index', 'alt', 'min_alt', 'max_alt'],
    plan_conflict: ['ids'],
    override_needs_note: [],
  },
  scope: {
    dept_outside: ['dept_id'],
  },
  mission: {
    no_aircraft: [],
    no_route: [],
    not_bound: ['sn'],
    offline: ['sn'],
    battery_low: ['battery', 'needed'],
    weather: [],
    no_plan: [],
    transit_outside_area: ['leg', 'plan_id'],
    already_dispatched: [],
    command_not_applicable: ['command', 'status'],
    cancel_in_flight: [],
    schedule_needs_time: [],
    schedule_in_past: [],
    device_refused: ['method', 'result'],
    device_timeout: ['method'],
    link_failed: ['method'],
    link_unavailable: [],
    wayline_link_invalid: [],
  },
  tiles: {
    package_not_found: [],
    tile_not_found: [],
    package_unreadable: [],
  },
  media: {
    not_media: [],
    type_mismatch: ['detail'],
    object_missing: ['key'],
    outside_workspace: ['key'],
    no_flight: [],
    link_invalid: [],
  },
  defect: {
    out_of_order: ['action', 'status'],
  },
  live: {
    unknown_video: ['video_id'],
    lens_not_switchable: ['lens'],
    device_offline: ['sn'],
    not_live: ['video_id'],
    /** `meaning`: the key of DJI's live error (LIVE_ERRORS in shared/dji/liveErrors.ts). */
    device_refused: ['method', 'result', 'meaning'],
    device_timeout: ['method'],
    link_failed: ['method'],
    link_unavailable: [],
    media_unavailable: [],
    /** Liveshare (the pilot publishes from /djiapp): the remote controller lists no aircraft camera. */
    no_aircraft_camera: ['sn'],
  },
  /** Remote operations on a device (server/remote/, docs/remote.md). */
  remote: {
    device_offline: ['sn'],
    not_supported: ['method', 'model'],
    not_in_debug_mode: ['mode'],
    /** `meaning`: the key of DJI's error (REMOTE_ERRORS in shared/dji/remoteErrors.ts), or `unknown`. */
    device_refused: ['method', 'result', 'meaning'],
    device_timeout: ['method'],
    link_failed: ['method'],
    link_unavailable: [],
    dock_busy: ['mode'],
    already_flying: [],
    not_flying: [],
    no_aircraft: [],
    confirm_mismatch: ['sn'],
    area_link_invalid: [],
    firmware_mismatch: ['model'],
    firmware_exists: ['version'],
    firmware_link_invalid: [],
    firmware_file_required: [],
    no_object_store: [],
    log_upload_running: [],
    no_log_upload: [],
    log_upload_not_found: ['id'],
    log_archive_missing: ['module'],
    setting_not_writable: ['name', 'kind'],
    drc_unavailable: [],
    /** DJI Pilot 2's pilot refused or cancelled cloud control (cloud_control_auth_notify's status). */
    pilot_declined: ['status'],
    pilot_no_answer: ['seconds'],
    /** A take-off or fly-to target breaks the airspace rules; `rule`: a ConformanceRule (shared/entities/alert.ts). */
    airspace_refused: ['sn', 'rule'],
    /** Neither the aircraft nor its dock has reported the height its target is measured from. */
    height_reference_unknown: ['sn'],
    position_unknown: ['sn'],
  },
  /** DJI Pilot 2's cloud interfaces (server/pilot/). */
  pilot: {
    unknown_group: ['group_id'],
    unknown_element: ['element_id'],
    element_exists: ['element_id'],
    unknown_wayline: ['wayline_id'],
    no_object_store: [],
    object_missing: ['object_key'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

type Catalogue = typeof ERROR_CODES;
export type ErrorArea = keyof Catalogue;
export type ErrorCode = { [A in ErrorArea]: `${A}.${keyof Catalogue[A] & string}` }[ErrorArea];

type ParamNames<C extends ErrorCode> = C extends `${infer A extends ErrorArea}.${infer R}`
  ? R extends keyof Catalogue[A]
    ? Catalogue[A][R] extends readonly (infer P extends string)[]
      ? P
      : never
    : never
  : never;

export type ErrorParamValue = string | number;

/** A code with exactly the params it declares (none: no params). */
export type ErrorReason<C extends ErrorCode = ErrorCode> = C extends ErrorCode
  ? [ParamNames<C>] extends [never]
    ? { code: C; params?: undefined }
    : { code: C; params: Record<ParamNames<C>, ErrorParamValue> }
  : never;

/**
 * The entities an error may name (`params.entity`): the console translates the name, so it is one of these.
 * Matches the `entity` of each registered CRUD resource and workflow.
 */
export const ERROR_ENTITIES = [
  'user',
  'role',
  'department',
  'project',
  'resource',
  'device',
  'route',
  'task',
  'feature',
  'notice',
  'alert',
  'audit',
  'airspace_application',
  'flight_plan',
  'flight_report',
  'media',
  'defect',
  'defect_category',
  'firmware',
] as const;
export type ErrorEntity = (typeof ERROR_ENTITIES)[number];

/** Every code, for the console's completeness test and the docs. */
export const ALL_ERROR_CODES: ErrorCode[] = (Object.keys(ERROR_CODES) as ErrorArea[]).flatMap((area) =>
  Object.keys(ERROR_CODES[area]).map((reason) => `${area}.${reason}` as ErrorCode),
);

/** The declared param names of a code. */
export function errorParamNames(code: ErrorCode): readonly string[] {
  const [area, reason] = code.split('.') as [ErrorArea, string];
  return (ERROR_CODES[area] as Record<string, readonly string[]>)[reason];
}

const KNOWN = new Set<string>(ALL_ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && KNOWN.has(value);
