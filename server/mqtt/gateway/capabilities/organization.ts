import { RESULT } from '@shared/dji/envelope';
import {
  airportBindStatusRequestSchema,
  airportOrganizationBindRequestSchema,
  airportOrganizationGetRequestSchema,
  configRequestSchema,
  METHOD_AIRPORT_BIND_STATUS,
  METHOD_AIRPORT_ORGANIZATION_BIND,
  METHOD_AIRPORT_ORGANIZATION_GET,
  METHOD_CONFIG,
  type AirportBindStatusOutput,
  type AirportOrganizationBindOutput,
  type AirportOrganizationGetOutput,
  type ConfigOutput,
} from '@shared/dji/requests';
import { route, type Capability } from '../registry';
import type { DeviceStore } from '../../../devices/store';

export interface PlatformIdentity {
  appId: string;
  appKey: string;
  appLicense: string;
  ntpServerHost: string;
  /** The workspace a dock binds to (airport_organization_*). */
  organizationId: string;
  organizationName: string;
}

/** Organization (`requests`): the app identity a device asks for (`config`) and a dock's binding to the workspace. */
export function organizationCapability({ platform, store }: { platform: PlatformIdentity; store: DeviceStore }): Capability {
  const config: ConfigOutput = { ntp_server_host: platform.ntpServerHost, app_id: platform.appId, app_key: platform.appKey, app_license: platform.appLicense };
  return {
    name: 'organization',
    requests: {
      [METHOD_CONFIG]: route(configRequestSchema, () => ({ ...config })),
      [METHOD_AIRPORT_BIND_STATUS]: route(airportBindStatusRequestSchema, async (_gatewaySn, data) => {
        const known = await store.devicesBySerial(data.devices.map((d) => d.sn));
        const output: AirportBindStatusOutput = {
          bind_status: data.devices.map(({ sn }) => ({
            sn,
            is_device_bind_organization: known.has(sn),
            organization_id: known.has(sn) ? platform.organizationId : '',
            organization_name: known.has(sn) ? platform.organizationName : '',
            device_callsign: sn,
          })),
        };
        return output;
      }),
      [METHOD_AIRPORT_ORGANIZATION_GET]: route(airportOrganizationGetRequestSchema, (): AirportOrganizationGetOutput => ({
        organization_name: platform.organizationName,
      })),
      // Binding means being registered: an administrator registers the dock (and so issues its secret) first.
      [METHOD_AIRPORT_ORGANIZATION_BIND]: route(airportOrganizationBindRequestSchema, async (_gatewaySn, data) => {
        const known = await store.devicesBySerial(data.bind_devices.map((d) => d.sn));
        const output: AirportOrganizationBindOutput = {
          err_infos: data.bind_devices.filter((d) => !known.has(d.sn)).map((d) => ({ sn: d.sn, err_code: RESULT.notAllowed })),
        };
        return output;
      }),
    },
  };
}
