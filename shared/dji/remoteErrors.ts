import type { ModeMeaning } from './modeCodes';

// Apart from remoteDebug.ts: the console's text tables build apiError.remoteDji from these, and the schemas there
// would bring zod into every language's table.

/** One of DJI's remote-debugging errors: a stable key (the console's text `apiError.remoteDji.{key}`) and its meaning. */
export interface RemoteError extends ModeMeaning {
  key: string;
}

/** DJI's error codes of remote operations the spec names (SDK DebugErrorCodeEnum, control, DRC link and fly-to families). */
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
  327000: { key: 'control_failed', en: 'Flight control failed', zh: '飞行控制失败' },
  327002: { key: 'authority_failed', en: 'Obtaining flight control failed', zh: '获取飞行控制权失败' },
  327003: { key: 'authority_offline', en: 'The device is offline: no flight control', zh: '设备离线，无法获取控制权' },
  327012: { key: 'authority_locked', en: 'The device is locked: no flight control', zh: '设备已锁定，无法获取控制权' },
  327014: { key: 'gimbal_limit', en: 'The gimbal is at its limit', zh: '云台已达限位' },
  514300: { key: 'drc_gateway_error', en: 'DRC link: gateway or MQTT error', zh: 'DRC 链路：网关或 MQTT 异常' },
  514301: { key: 'drc_heartbeat_timeout', en: 'DRC link: heartbeat timed out', zh: 'DRC 链路：心跳超时' },
  514302: { key: 'drc_certificate', en: 'DRC link: certificate error', zh: 'DRC 链路：证书异常' },
  514303: { key: 'drc_link_lost', en: 'DRC link lost', zh: 'DRC 链路断开' },
  514304: { key: 'drc_refused', en: 'DRC link: connection refused', zh: 'DRC 链路：连接被拒绝' },
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
  if (result >= 327000 && result <= 327020) return REMOTE_ERRORS[result] ?? REMOTE_ERRORS[327000];
  return REMOTE_ERRORS[result];
}

/** The meanings in one language by key (the console's `apiError.remoteDji` table), with `unknown`. */
export const remoteErrorTexts = (language: keyof ModeMeaning): Record<string, string> => ({
  ...Object.fromEntries([...Object.values(REMOTE_ERRORS), remoteErrorMeaning(514180)!].map((error) => [error.key, error[language]])),
  unknown: language === 'zh' ? '未知错误' : 'Unknown error',
});
