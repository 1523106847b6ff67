import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { scopeOf, withDataScope } from '../rbac/scopeQuery';
import type { DevicesTable } from '../db/schema';
import { pilotOk, requirePilot } from './envelope';
import { visibleWorkspace, workspaceParams } from './workspace';

/** Pilot 2's built-in situational-view icons (DOC HTTPS "obtain device topology list"; the exact names are unverified). */
const ICONS = {
  normal_icon_url: 'resource://Pilot2/drawable/tsa_aircraft_others_normal',
  selected_icon_url: 'resource://Pilot2/drawable/tsa_aircraft_others_pressed',
};

/** A device as a topology entry: serial, DJI model key, online state, call sign (its name) and icon. */
export function topologyDevice(device: Pick<Selectable<DevicesTable>, 'serial' | 'name' | 'status' | 'dji_domain' | 'dji_type' | 'dji_sub_type'>) {
  const [domain, type, subType] = [device.dji_domain ?? 0, device.dji_type ?? 0, device.dji_sub_type ?? 0];
  return {
    sn: device.serial,
    device_model: { key: `${domain}-${type}-${subType}`, domain: String(domain), type: String(type), sub_type: String(subType) },
    online_status: device.status !== 'offline',
    device_callsign: device.name,
    user_id: '',
    user_callsign: '',
    icon_urls: ICONS,
  };
}

/** Situational view (DJI HTTPS "obtain device topology list"): the gateways the caller's data scope shows and their aircraft. */
export default async function pilotTopologyRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/manage/api/v1/workspaces/:workspace_id/devices/topologies',
    { schema: { hide: true, params: workspaceParams }, preValidation: requirePilot(appBase, 'device:read') },
    async (request) => {
      await visibleWorkspace(app.db, request, request.params.workspace_id);
      // Devices belong to departments, not projects: a workspace shows every device its user may see.
      const devices = await withDataScope(app.db.selectFrom('devices').selectAll().orderBy('id'), 'devices', scopeOf(request)).execute();
      const gateways = devices.filter((d) => d.kind === 'remote_controller' || d.kind === 'dock');
      return pilotOk({
        list: gateways.map((gateway) => ({
          parents: [topologyDevice(gateway)],
          hosts: devices.filter((d) => d.kind === 'aircraft' && d.gateway_sn === gateway.serial).map(topologyDevice),
        })),
      });
    },
  );
}
