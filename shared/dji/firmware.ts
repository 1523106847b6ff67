import { z } from 'zod';
import { debugProgressSchema, jobProgressSchema } from './remoteDebug';

/**
 * DJI firmware upgrade (spec dji-cloud-api-next §6): the service `ota_create` with the devices to upgrade (a dock and
 * its aircraft, at most 2) and the event `ota_progress` with the same `{result, output:{status, progress}}` shape as the
 * remote-debugging jobs.
 */
export const METHOD_OTA_CREATE = 'ota_create';
export const METHOD_OTA_PROGRESS = 'ota_progress';

/** `firmware_upgrade_type` as DJI's doc and web demo send it (the SDK's enum names are swapped): 2 consistency, 3 normal. */
export const FIRMWARE_UPGRADE_TYPE = { consistency: 2, normal: 3 } as const;
export const UPGRADE_KINDS = ['normal', 'consistency'] as const;
export type UpgradeKind = (typeof UPGRADE_KINDS)[number];

/** The `state` property `compatible_status`: 1 = the dock and aircraft need a consistency upgrade. */
export const NEEDS_CONSISTENCY_UPGRADE = 1;

/** `ota_progress`: the remote-debugging progress shape, `step_key` download_firmware | upgrade_firmware. */
export const otaProgressSchema = debugProgressSchema;

/** One device of `ota_create`. */
export interface OtaDevice {
  sn: string;
  product_version: string;
  file_url: string;
  md5: string;
  file_size: number;
  file_name: string;
  firmware_upgrade_type: (typeof FIRMWARE_UPGRADE_TYPE)[UpgradeKind];
}

/** A firmware package (GET /api/Firmware/). */
export const firmwareSchema = z.object({
  id: z.number(),
  /** The DJI device type it is for, `domain-type-subtype` (e.g. `3-2-0` DJI Dock 2). */
  device_type: z.string(),
  model: z.string(),
  product_version: z.string(),
  file_name: z.string(),
  md5: z.string(),
  size: z.number(),
  release_note: z.string(),
  created_at: z.string(),
});
export type Firmware = z.infer<typeof firmwareSchema>;

/** The text fields of a package upload (multipart, with the file in `file`). */
export const firmwareUploadFieldsSchema = z.object({
  device_type: z.string().regex(/^[0-3]-\d{1,6}-\d{1,6}$/, 'domain-type-subtype, e.g. 3-2-0'),
  product_version: z.string().trim().min(1).max(64),
  release_note: z.string().trim().max(2000).default(''),
});

/** POST /api/Device/{id}/ota/: upgrade the device to a package (`confirm_sn`: the device the operator confirmed). */
export const otaInputSchema = z.object({
  firmware_id: z.number().int().positive(),
  upgrade_type: z.enum(UPGRADE_KINDS).default('normal'),
  confirm_sn: z.string().min(1).max(64),
});
export type OtaInput = z.input<typeof otaInputSchema>;

/** A device's newest upgrade job as the console shows it. */
export const otaJobSchema = jobProgressSchema.extend({ firmware_id: z.number(), product_version: z.string() });
export type OtaJob = z.infer<typeof otaJobSchema>;

/** GET /api/Device/{id}/ota/: the device's firmware, whether it needs a consistency upgrade, its newest job, its packages. */
export const otaViewSchema = z.object({
  /** The DJI device type (`domain-type-subtype`) its packages are for; null while the device has not told it. */
  device_type: z.string().nullable(),
  firmware_version: z.string().nullable(),
  needs_consistency_upgrade: z.boolean(),
  job: otaJobSchema.nullable(),
  firmwares: z.array(firmwareSchema),
});
export type OtaView = z.infer<typeof otaViewSchema>;
