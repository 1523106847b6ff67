import { z } from 'zod';

// DJI DRC services' and events' data and the API's DRC answers (spec dji-cloud-api-next §4); the messages are in drcMessages.ts.

/** drc_status_notify: 0 not connected, 1 connecting, 2 connected; `result` 514300–514304 on a link error. */
export const drcStatusNotifySchema = z.object({ result: z.number().int(), drc_state: z.union([z.literal(0), z.literal(1), z.literal(2)]) });
/** joystick_invalid_notify: 0 RC lost, 1 low-battery RTH, 2 low-battery landing, 3 near a GEO zone, 4 RC took over. */
export const joystickInvalidSchema = z.object({ reason: z.number().int().min(0).max(20) });

/** cloud_control_auth_notify: the RC pilot's answer to cloud_control_auth_request (`ok`, `failed` or `canceled`). */
export const cloudControlAuthNotifySchema = z.object({ result: z.number().int(), output: z.object({ status: z.string().max(32) }) });
/** The pilot agreed: the platform may enter DRC. */
export const CLOUD_CONTROL_GRANTED = 'ok';

const frequency = z.number().int().min(1).max(30);

/** POST /api/Device/{id}/drc/: the aircraft the operator confirmed and how often the device pushes OSD and HSI. */
export const drcEnterInputSchema = z.object({
  confirm_sn: z.string().min(1).max(64),
  osd_frequency: frequency.default(10),
  hsi_frequency: frequency.default(1),
});
export type DrcEnterInput = z.infer<typeof drcEnterInputSchema>;

/** Broker credentials as drc_mode_enter carries them (and the browser gets its own). */
export const drcBrokerSchema = z.object({
  address: z.string(),
  client_id: z.string(),
  username: z.string(),
  password: z.string(),
  /** Epoch seconds. */
  expire_time: z.number().int(),
  enable_tls: z.boolean(),
});
export type DrcBroker = z.infer<typeof drcBrokerSchema>;

/** The device's DRC link as the platform last heard of it. */
export const drcStatusSchema = z.object({
  drc_state: z.number().int(),
  result: z.number().int(),
  /** joystick_invalid_notify's reason since the last (re)connection, null when none. */
  joystick_invalid: z.number().int().nullable(),
  updated_at: z.string(),
});
export type DrcStatus = z.infer<typeof drcStatusSchema>;

/** GET …/drc/: the aircraft and its gateway's DRC state. */
export const drcViewSchema = z.object({ aircraft_sn: z.string(), gateway_sn: z.string(), status: drcStatusSchema.nullable() });
export type DrcView = z.infer<typeof drcViewSchema>;

/** POST …/drc/'s answer: this browser session's credentials and the topics they allow (as DJI's demo answers). */
export const drcSessionSchema = drcViewSchema.extend({
  mqtt_broker: drcBrokerSchema,
  pub: z.array(z.string()),
  sub: z.array(z.string()),
});
export type DrcSession = z.infer<typeof drcSessionSchema>;
