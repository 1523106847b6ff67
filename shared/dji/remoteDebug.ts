import { z } from 'zod';
import { djiLiveSchema } from './live';
import type { ModeMeaning } from './modeCodes';

/**
 * DJI dock remote debugging (spec dji-cloud-api-next §5): the `cmd` services on `thing/product/{dock}/services`,
 * their replies `{result, output:{status}}`, the progress events of the long ones (same method on `…/events`) and
 * DJI's error codes. The platform's rules over them are in shared/dji/remoteRules.ts.
 */

/** Dock `type` of `3-{type}-0`: DJI Dock, Dock 2, Dock 3. */
export const DOCK_TYPE = { dock1: 1, dock2: 2, dock3: 3 } as const;

/** Dock `mode_code`: 0 idle, 1 on-site debugging, 2 remote debugging, 3 upgrading, 4 working. */
export const DOCK_MODE = { idle: 0, onSiteDebug: 1, remoteDebug: 2, upgrading: 3, working: 4 } as const;

const flag = z.union([z.literal(0), z.literal(1)]);

export interface DebugMethod {
  /** The `action` the service carries in `data` (absent: `data` is null). */
  action?: z.ZodType<number>;
  /** A long job the dock reports progress of on `…/events`. */
  job: boolean;
  /** The dock types that have it (absent: every dock). */
  models?: readonly number[];
}

/**
 * The debug services the console offers, as the doc lists them: `action` 0 off / 1 on for battery maintenance,
 * 0 idle, 1 cool, 2 heat, 3 dehumidify for the air conditioner. The putter is Dock 1's only.
 */
export const DEBUG_METHODS = {
  debug_mode_open: { job: false },
  debug_mode_close: { job: false },
  cover_open: { job: true },
  cover_close: { job: true },
  drone_open: { job: true },
  drone_close: { job: true },
  charge_open: { job: true },
  charge_close: { job: true },
  device_reboot: { job: true },
  supplement_light_open: { job: false },
  supplement_light_close: { job: false },
  battery_maintenance_switch: { job: false, action: flag },
  air_conditioner_mode_switch: { job: false, action: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]) },
  putter_open: { job: true, models: [DOCK_TYPE.dock1] },
  putter_close: { job: true, models: [DOCK_TYPE.dock1] },
} as const satisfies Record<string, DebugMethod>;

export type DebugMethodName = keyof typeof DEBUG_METHODS;
export const DEBUG_METHOD_NAMES = Object.keys(DEBUG_METHODS) as DebugMethodName[];
export const METHOD_DEBUG_MODE_OPEN = 'debug_mode_open';

export const isDebugMethodName = (method: string): method is DebugMethodName => Object.hasOwn(DEBUG_METHODS, method);

/** What the doc says of a debug service (its action, whether it is a job, the dock types that have it). */
export const debugMethod = (method: DebugMethodName): DebugMethod => DEBUG_METHODS[method];

/** What the console asks for: a method and, for the switches, its action. */
export const debugCommandSchema = z.object({ method: z.enum(DEBUG_METHOD_NAMES), action: z.number().int().optional() }).superRefine((command, ctx) => {
  const spec = debugMethod(command.method);
  if (spec.action && !spec.action.safeParse(command.action).success)
    ctx.addIssue({ code: 'custom', path: ['action'], message: `is not an action of ${command.method}` });
  if (!spec.action && command.action !== undefined) ctx.addIssue({ code: 'custom', path: ['action'], message: `${command.method} takes no action` });
});
export type DebugCommand = z.infer<typeof debugCommandSchema>;

/** The `data` of a debug service: `{action}` for the switches, null otherwise. */
export const debugServiceData = (command: DebugCommand): Record<string, unknown> | null => (command.action === undefined ? null : { action: command.action });

/** A debug job's status (reply output and progress events); the last five end it (SDK). */
export const DEBUG_STATUSES = ['sent', 'in_progress', 'ok', 'paused', 'rejected', 'failed', 'canceled', 'timeout'] as const;
export type DebugStatus = (typeof DEBUG_STATUSES)[number];
export const TERMINAL_DEBUG_STATUSES: ReadonlySet<DebugStatus> = new Set(['ok', 'rejected', 'failed', 'canceled', 'timeout']);

const stepKey = z.string().max(64);

/** A progress event of a debug job: `{result, output:{status, progress:{percent, step_key}}}`. */
export const debugProgressSchema = z.object({
  result: z.number().int(),
  output: z.object({
    status: z.enum(DEBUG_STATUSES),
    progress: z
      .object({
        percent: z.number().min(0).max(100).optional(),
        step_key: stepKey.optional(),
        current_step: z.number().int().optional(),
        total_steps: z.number().int().optional(),
      })
      .optional(),
  }),
});
export type DebugProgress = z.infer<typeof debugProgressSchema>;

/** A job's status from a progress event: one still `in_progress` with a non-zero result has failed. Pure. */
export const progressStatus = (data: DebugProgress): DebugStatus => (data.result !== 0 && data.output.status === 'in_progress' ? 'failed' : data.output.status);

/** The reply's output of a debug service. */
export const debugReplyOutputSchema = z.looseObject({ status: z.enum(DEBUG_STATUSES).optional() });

/** A device job as the console shows it (debugging, firmware upgrade): its status, and the progress it reported last. */
export const jobProgressSchema = z.object({
  status: z.enum(DEBUG_STATUSES),
  result: z.number(),
  percent: z.number().nullable(),
  step_key: z.string().nullable(),
  updated_at: z.string(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** What a progress event says of its job, dated `updatedAt`. Pure. */
export function jobProgress(data: DebugProgress, updatedAt: string): JobProgress {
  const { progress } = data.output;
  return { status: progressStatus(data), result: data.result, percent: progress?.percent ?? null, step_key: progress?.step_key ?? null, updated_at: updatedAt };
}

/** The newest debug job of a dock as the console shows it. */
export const debugJobSchema = jobProgressSchema.extend({ method: z.enum(DEBUG_METHOD_NAMES) });

/** A dock's debugging view (GET /api/Device/{id}/debug/). */
export const debugViewSchema = z.object({
  online: z.boolean(),
  /** The dock's `mode_code` (2: remote debugging), null before it reported one. */
  mode_code: z.number().nullable(),
  live: djiLiveSchema.nullable(),
  job: debugJobSchema.nullable(),
  /** Each debug service the dock has, with why it cannot be sent now (null: it can). */
  methods: z.array(z.object({ method: z.enum(DEBUG_METHOD_NAMES), job: z.boolean(), refusal: z.string().nullable() })),
});

export type DebugView = z.infer<typeof debugViewSchema>;
export type DebugJob = z.infer<typeof debugJobSchema>;

/** One of DJI's remote-debugging errors: a stable key (the console's text `apiError.remoteDji.{key}`) and its meaning. */
export interface RemoteError extends ModeMeaning {
  key: string;
}

/** DJI's error codes of remote operations the spec names (SDK DebugErrorCodeEnum, control and fly-to families). */
/** 312022 and 312027 (firmware upgrade) mean the same. */
const AIRCRAFT_NOT_IN_DOCK: RemoteError = {
  key: 'ota_aircraft_not_in_dock',
  en: 'The aircraft is not in the dock or not powered on',
  zh: '飞行器不在舱内或未开机',
};

export const REMOTE_ERRORS: Readonly<Record<number, RemoteError>> = {
  312014: { key: 'ota_updating', en: 'The device is already updating', zh: '设备正在升级' },
  312015: { key: 'ota_busy', en: 'The dock is busy or the aircraft is flying', zh: '机场作业中或飞行器在飞行' },
  312016: { key: 'ota_transmission', en: 'Transmission error during the upgrade', zh: '升级时图传链路异常' },
  312022: AIRCRAFT_NOT_IN_DOCK,
  312027: AIRCRAFT_NOT_IN_DOCK,
  312704: { key: 'ota_battery_low', en: 'The battery is below 20%', zh: '电量低于 20%' },
  514103: { key: 'battery_low', en: 'The aircraft battery is below 50%', zh: '飞行器电量低于 50%' },
  514121: { key: 'emergency_stop', en: 'The emergency stop button is pressed', zh: '机场急停按钮被按下' },
  514134: { key: 'heavy_rain', en: 'Heavy rain', zh: '雨量过大' },
  514135: { key: 'high_wind', en: 'Wind of 12 m/s or more', zh: '风速大于等于 12 m/s' },
  514137: { key: 'too_cold', en: 'Below −20 °C', zh: '环境温度低于 −20 °C' },
  514145: { key: 'on_site_debug', en: 'The dock is in on-site debugging', zh: '机场处于现场调试中' },
  514146: { key: 'remote_debug', en: 'The dock is in remote debugging', zh: '机场处于远程调试中' },
  514147: { key: 'updating', en: 'The firmware is being updated', zh: '机场正在升级固件' },
  514148: { key: 'task_running', en: 'A task is running', zh: '机场正在执行任务' },
  514153: { key: 'not_in_debug', en: 'The dock is not in remote debugging', zh: '机场未处于远程调试模式' },
  514170: { key: 'initialising', en: 'The dock is initialising', zh: '机场正在初始化' },
  514171: { key: 'bad_parameter', en: 'Bad parameter', zh: '参数错误' },
  326002: { key: 'cellular', en: '4G dongle or SIM problem', zh: '4G 模块或 SIM 卡异常' },
  327002: { key: 'authority_failed', en: 'Obtaining flight control failed', zh: '获取飞行控制权失败' },
  327003: { key: 'authority_offline', en: 'The device is offline: no flight control', zh: '设备离线，无法获取控制权' },
  327012: { key: 'authority_locked', en: 'The device is locked: no flight control', zh: '设备已锁定，无法获取控制权' },
  319030: { key: 'no_flight_control', en: 'No flight control of the aircraft', zh: '没有飞行器控制权' },
  336000: { key: 'flyto_failed', en: 'The fly-to failed', zh: '飞向目标点失败' },
  324001: { key: 'log_restart', en: 'A device restart interrupted the log upload', zh: '设备重启，日志上传中断' },
  324012: { key: 'log_zip_timeout', en: 'Compressing the logs timed out (too many logs)', zh: '日志压缩超时（日志过多）' },
  324013: { key: 'log_list_failed', en: 'Listing the logs failed', zh: '获取日志列表失败' },
  324014: { key: 'log_list_empty', en: 'The device has no logs', zh: '日志列表为空' },
  324015: { key: 'log_aircraft_off', en: 'The aircraft is powered off', zh: '飞行器未开机' },
  324016: { key: 'log_storage_full', en: 'The dock storage is full', zh: '机场存储空间不足' },
  324017: { key: 'log_zip_failed', en: 'Compressing the logs failed', zh: '日志压缩失败' },
  324018: { key: 'log_zip_failed', en: 'Compressing the logs failed', zh: '日志压缩失败' },
  324019: { key: 'log_network', en: 'Network error during the log upload', zh: '日志上传网络异常' },
  324021: { key: 'log_power', en: 'Power problem during the log upload', zh: '供电异常，日志上传失败' },
  324030: { key: 'log_upload_failed', en: 'Uploading the logs failed', zh: '日志上传失败' },
};

/** The meaning of a debug service's non-zero result: the named ones, the air conditioner's 514180–514185, the 4G ones. */
export function remoteErrorMeaning(result: number): RemoteError | undefined {
  if (result >= 514180 && result <= 514185) return { key: 'air_conditioner', en: 'Air conditioner fault', zh: '空调故障' };
  if (result >= 326002 && result <= 326010) return REMOTE_ERRORS[326002];
  if (result >= 336000 && result <= 336019) return REMOTE_ERRORS[336000];
  return REMOTE_ERRORS[result];
}

/** The meanings in one language by key (the console's `apiError.remoteDji` table), with `unknown`. */
export const remoteErrorTexts = (language: keyof ModeMeaning): Record<string, string> => ({
  ...Object.fromEntries([...Object.values(REMOTE_ERRORS), remoteErrorMeaning(514180)!].map((error) => [error.key, error[language]])),
  unknown: language === 'zh' ? '未知错误' : 'Unknown error',
});
