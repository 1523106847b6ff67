import { deviceKindOf, type DjiDomain } from '@shared/dji/devices';
import { RESULT } from '@shared/dji/envelope';
import { METHOD_UPDATE_TOPO, updateTopoSchema } from '@shared/dji/topology';
import { DroppedMessage, route, type Capability } from '../registry';
import { toTopoDevice, type Binder, type DeviceStore } from '../../../devices/store';
import type { LinkCore } from './core';

export interface TopologyOptions {
  store: DeviceStore;
  binderOf(gatewaySn: string): Binder | null;
  /** Called with an accepted topology before its status_reply (external broker with dynamic security). */
  topologyChanged?(gatewaySn: string, subSerials: string[]): Promise<void>;
  /**
   * Whether the gateway may declare these sub-devices (the claim rules), asked on every instance before a topology is
   * applied where the broker cannot judge the connection itself (external); the embedded broker refuses them earlier.
   */
  mayDeclare?(gatewaySn: string, devices: { sn: string; domain: DjiDomain }[]): Promise<boolean>;
  log: { info(obj: unknown, msg?: string): void };
}

/** An update_topo whose domain is a gateway's (RC or dock). */
export const gatewayTopoSchema = updateTopoSchema.refine((topo) => deviceKindOf(topo.domain) !== null, {
  message: 'the domain is not a gateway',
  path: ['domain'],
});

/**
 * Topology (`sys/product/{gw}/status` update_topo): which gateway is online with which sub-devices; binds devices
 * the gateway's binder vouches for, and is followed on the other instances (REDIS_URL).
 */
export function topologyCapability(core: LinkCore, options: TopologyOptions): Capability {
  return {
    name: 'topology',
    status: {
      [METHOD_UPDATE_TOPO]: route(
        gatewayTopoSchema,
        async (gatewaySn, topo, { local, envelope }) => {
          const subs = topo.sub_devices.filter((d) => d.sn !== gatewaySn).map((d) => ({ sn: d.sn, domain: d.domain }));
          if (options.mayDeclare && !(await options.mayDeclare(gatewaySn, subs)))
            return new DroppedMessage('serial_not_allowed', { gatewaySn, declared: subs.map((d) => d.sn) }, RESULT.notAllowed);
          const wasOnline = core.topology.gateway(gatewaySn) !== undefined;
          const applied = core.topology.apply(gatewaySn, topo, envelope.timestamp);
          if (!applied) return;
          core.forget(applied.gone);
          if (local) {
            // First: the gateway's owner subscribes to its sub-devices before the status_reply.
            await core.declared({ gatewaySn, topo, at: envelope.timestamp });
            const devices = [
              { sn: gatewaySn, domain: topo.domain, type: topo.type, subType: topo.sub_type, thingVersion: topo.thing_version, gatewaySn: null },
              ...topo.sub_devices.filter((d) => d.sn !== gatewaySn).map((d) => toTopoDevice(d, gatewaySn)),
            ];
            const created = await options.store.applyTopology(devices, options.binderOf(gatewaySn));
            if (created.length) options.log.info({ gatewaySn, created }, 'dji: devices bound');
            const subSerials = core.topology.subDevicesOf(gatewaySn);
            await options.topologyChanged?.(gatewaySn, subSerials);
            core.topologyChanged({ gatewaySn, online: true, cameOnline: !wasOnline, subSerials });
          }
          core.report(gatewaySn, applied.kind);
        },
        { followed: true },
      ),
    },
  };
}
