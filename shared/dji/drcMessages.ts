// Apart from drc.ts: the console's DRC saga uses these, and the schemas there would bring zod into its chunk.

/**
 * DJI live flight controls, DRC (spec dji-cloud-api-next §4): the services that open and close the link, its events,
 * and the messages on `thing/product/{gw}/drc/down|up`, which carry no tid/bid envelope: downstream `{method, data,
 * seq?}`, upstream `{method, data:{result, output?}}` or the pushes' own data.
 */
export const METHOD_DRC_MODE_ENTER = 'drc_mode_enter';
export const METHOD_DRC_MODE_EXIT = 'drc_mode_exit';
export const METHOD_DRC_STATUS_NOTIFY = 'drc_status_notify';
export const METHOD_JOYSTICK_INVALID_NOTIFY = 'joystick_invalid_notify';
/** DJI Pilot 2 (an RC gateway) takes cloud control only after its pilot agreed on the RC (§4 "Pilot RC variant"). */
export const METHOD_CLOUD_CONTROL_AUTH_REQUEST = 'cloud_control_auth_request';
export const METHOD_CLOUD_CONTROL_AUTH_NOTIFY = 'cloud_control_auth_notify';
export const METHOD_CLOUD_CONTROL_RELEASE = 'cloud_control_release';
/** The controls the platform asks a pilot for: flying (DRC). */
export const CLOUD_CONTROL_KEYS = ['flight'];

/** DRC messages (drc/down from the browser, drc/up from the device). */
export const DRC = {
  droneControl: 'drone_control',
  heartBeat: 'heart_beat',
  emergencyStop: 'drone_emergency_stop',
  osdInfoPush: 'osd_info_push',
  hsiInfoPush: 'hsi_info_push',
  delayInfoPush: 'delay_info_push',
} as const;

export const drcDownTopic = (gatewaySn: string) => `thing/product/${gatewaySn}/drc/down`;
export const drcUpTopic = (gatewaySn: string) => `thing/product/${gatewaySn}/drc/up`;

/** drone_control's ranges (m/s, °/s): x forward/back and y left/right ±17, h −4…+5 (up positive), w yaw ±90. */
export const STICK_LIMITS = { x: 17, y: 17, hUp: 5, hDown: 4, w: 90 } as const;

/** One drone_control: velocities along DJI's axes (x forward, y right, h up, w clockwise yaw). */
export interface Sticks {
  x: number;
  y: number;
  h: number;
  w: number;
}
export const NO_STICKS: Sticks = { x: 0, y: 0, h: 0, w: 0 };

/** How often the console sends drone_control while keys are held (DJI: 5–10 Hz) and heart_beat (1 Hz). */
export const DRONE_CONTROL_HZ = 10;
export const HEART_BEAT_HZ = 1;
/** The device drops DRC after this long without a heart_beat (DJI: more than 60 s). */
export const HEART_BEAT_TIMEOUT_MS = 60_000;

/** What the browser publishes on drc/down (heart_beat carries `seq` at the top level, as DJI's doc shows). */
export type DrcDownMessage =
  | { method: typeof DRC.droneControl; data: Sticks & { seq: number } }
  | { method: typeof DRC.heartBeat; seq: number; data: { timestamp: number } }
  | { method: typeof DRC.emergencyStop; data: Record<string, never> };

/** osd_info_push: the aircraft at osd_frequency (heights ellipsoidal, m; speeds m/s; angles °). */
export interface OsdInfoPush {
  attitude_head: number;
  latitude: number;
  longitude: number;
  height: number;
  speed_x: number;
  speed_y: number;
  speed_z: number;
  gimbal_pitch?: number;
  gimbal_roll?: number;
  gimbal_yaw?: number;
}

/** hsi_info_push: obstacle distances (mm) at hsi_frequency; `around_distances` clockwise from the nose, 60000 = nothing. */
export interface HsiInfoPush {
  up_distance: number;
  down_distance: number;
  around_distances: number[];
  [sensor: string]: unknown;
}

/** delay_info_push: the command link's delay and each video's (ms). */
export interface DelayInfoPush {
  sdr_cmd_delay: number;
  liveview_delay_list: { video_id: string; liveview_delay_time: number }[];
}

/** What the device publishes on drc/up: the pushes, and each command's `{result, output}` reply. */
export type DrcUpMessage =
  | { method: typeof DRC.osdInfoPush; data: OsdInfoPush }
  | { method: typeof DRC.hsiInfoPush; data: HsiInfoPush }
  | { method: typeof DRC.delayInfoPush; data: DelayInfoPush }
  | { method: typeof DRC.droneControl | typeof DRC.emergencyStop | typeof DRC.heartBeat; data: { result: number; output?: { seq?: number } } };

/** The "nothing there" of hsi_info_push's distances (mm). */
export const HSI_NOTHING_MM = 60_000;
