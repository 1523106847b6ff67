import { z } from 'zod';
import { SERIAL_PATTERN } from '../live';
import { domainSchema } from './devices';

const thingVersion = z.string().max(32);
const code = z.number().int().min(0).max(1_000_000);

/** One device of an update_topo: the gateway itself or one of its sub-devices. */
const topoDeviceSchema = z.object({
  domain: domainSchema,
  type: code,
  sub_type: code,
  device_secret: z.string().max(256).optional(),
  nonce: z.string().max(256).optional(),
  thing_version: thingVersion.optional(),
});

export const topoSubDeviceSchema = topoDeviceSchema.extend({
  sn: z.string().regex(SERIAL_PATTERN),
  /** The port the sub-device hangs on ("A", "B", …; some devices send a number). */
  index: z.union([z.string().max(16), z.number().int()]).optional(),
});
export type TopoSubDevice = z.infer<typeof topoSubDeviceSchema>;

/** `sys/product/{gw}/status` method `update_topo`: the gateway and what is connected to it now ([] = nothing). */
export const updateTopoSchema = topoDeviceSchema.extend({
  sub_devices: z.array(topoSubDeviceSchema).max(16),
});
export type UpdateTopo = z.infer<typeof updateTopoSchema>;

export const METHOD_UPDATE_TOPO = 'update_topo';
