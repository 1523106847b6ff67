import { z } from 'zod';
import { SERIAL_PATTERN } from '../live';

/** Device → platform requests (`thing/product/{gw}/requests`) the platform answers on `requests_reply`. */
export const METHOD_CONFIG = 'config';
export const METHOD_AIRPORT_BIND_STATUS = 'airport_bind_status';
export const METHOD_AIRPORT_ORGANIZATION_GET = 'airport_organization_get';
export const METHOD_AIRPORT_ORGANIZATION_BIND = 'airport_organization_bind';

export const configRequestSchema = z.object({ config_type: z.string().max(32).optional(), config_scope: z.string().max(32).optional() });
export const configOutputSchema = z.object({
  ntp_server_host: z.string(),
  ntp_server_port: z.number().int().optional(),
  app_id: z.string(),
  app_key: z.string(),
  app_license: z.string(),
});
export type ConfigOutput = z.infer<typeof configOutputSchema>;

export const airportBindStatusRequestSchema = z.object({ devices: z.array(z.object({ sn: z.string().regex(SERIAL_PATTERN) })).max(16) });
export const airportBindStatusOutputSchema = z.object({
  bind_status: z.array(
    z.object({
      sn: z.string(),
      is_device_bind_organization: z.boolean(),
      organization_id: z.string(),
      organization_name: z.string(),
      device_callsign: z.string(),
    }),
  ),
});
export type AirportBindStatusOutput = z.infer<typeof airportBindStatusOutputSchema>;

export const airportOrganizationGetRequestSchema = z.object({ device_binding_code: z.string().max(64).optional(), organization_id: z.string().max(64) });
export const airportOrganizationGetOutputSchema = z.object({ organization_name: z.string() });
export type AirportOrganizationGetOutput = z.infer<typeof airportOrganizationGetOutputSchema>;

export const airportOrganizationBindRequestSchema = z.object({
  bind_devices: z
    .array(
      z.object({
        sn: z.string().regex(SERIAL_PATTERN),
        device_binding_code: z.string().max(64).optional(),
        organization_id: z.string().max(64),
        device_callsign: z.string().max(128).optional(),
        device_model_key: z.string().max(32).optional(),
      }),
    )
    .max(16),
});
export const airportOrganizationBindOutputSchema = z.object({ err_infos: z.array(z.object({ sn: z.string(), err_code: z.number().int() })) });
export type AirportOrganizationBindOutput = z.infer<typeof airportOrganizationBindOutputSchema>;
