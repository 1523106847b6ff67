import { deviceKindOf, type DjiDomain } from '@shared/dji/devices';
import type { DjiLiveKind } from '@shared/dji/live';
import type { updateTopoSchema } from '@shared/dji/topology';
import type { z } from 'zod';

export interface TopologyEntry {
  kind: DjiLiveKind;
  /** Sub-devices by serial (payloads included, with kind null). */
  subs: Map<string, { domain: DjiDomain; kind: DjiLiveKind | null }>;
}

/**
 * An update_topo this much older than the last one applied is no late arrival but a gateway whose clock went back
 * (a reboot before its NTP sync): applied.
 */
const REORDER_WINDOW_MS = 60_000;

/** Which gateways are online with which sub-devices, as their latest update_topo declared them. */
export class LinkTopology {
  private readonly entries = new Map<string, TopologyEntry>();
  /** Serial → the gateway that declared it. */
  private readonly gatewayOf = new Map<string, string>();
  /** When each gateway sent the update_topo applied last (its envelope's timestamp). */
  private readonly declaredAt = new Map<string, number>();

  /**
   * Takes a gateway's update_topo sent at `at` as its topology: returns the gateway's kind and the sub-devices it no
   * longer declares, or null for a domain that is not a gateway, or an update_topo older than the one applied last
   * (instances sharing the devices' messages apply a gateway's update_topos in whatever order they reach them).
   */
  apply(gatewaySn: string, topo: z.infer<typeof updateTopoSchema>, at: number): { kind: DjiLiveKind; gone: string[] } | null {
    const kind = deviceKindOf(topo.domain);
    const last = this.declaredAt.get(gatewaySn);
    if (!kind || (last !== undefined && at < last && last - at < REORDER_WINDOW_MS)) return null;
    this.declaredAt.set(gatewaySn, at);
    const subs = new Map(topo.sub_devices.filter((d) => d.sn !== gatewaySn).map((d) => [d.sn, { domain: d.domain, kind: deviceKindOf(d.domain) }]));
    const gone = [...(this.entries.get(gatewaySn)?.subs.keys() ?? [])].filter((sn) => !subs.has(sn)).filter((sn) => this.release(sn, gatewaySn));
    this.entries.set(gatewaySn, { kind, subs });
    for (const sn of subs.keys()) this.gatewayOf.set(sn, gatewaySn);
    return { kind, gone };
  }

  /** The gateway is gone: returns its entry (undefined if it was not online) and the sub-devices it took with it. */
  remove(gatewaySn: string): { entry: TopologyEntry | undefined; gone: string[] } {
    const entry = this.entries.get(gatewaySn);
    this.entries.delete(gatewaySn);
    this.declaredAt.delete(gatewaySn);
    return { entry, gone: [...(entry?.subs.keys() ?? [])].filter((sn) => this.release(sn, gatewaySn)) };
  }

  /** The gateway's entry, when it is online. */
  gateway(gatewaySn: string): TopologyEntry | undefined {
    return this.entries.get(gatewaySn);
  }

  /** The serials of the gateways online. */
  gateways(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** The sub-devices gateway `gatewaySn` declared last. */
  subDevicesOf(gatewaySn: string): string[] {
    return [...(this.entries.get(gatewaySn)?.subs.keys() ?? [])];
  }

  /** The gateway a device is connected through (itself for a gateway), if known. */
  gatewayFor(sn: string): string | undefined {
    return this.entries.has(sn) ? sn : this.gatewayOf.get(sn);
  }

  /** The kind of a declared device (gateway or sub-device with a kind), or null. */
  kindOf(sn: string): DjiLiveKind | null {
    const entry = this.entries.get(sn);
    if (entry) return entry.kind;
    const gatewaySn = this.gatewayOf.get(sn);
    return (gatewaySn && this.entries.get(gatewaySn)?.subs.get(sn)?.kind) || null;
  }

  /** Forgets that `gatewaySn` declared `sn`; false when another gateway declared it since. */
  private release(sn: string, gatewaySn: string): boolean {
    if (this.gatewayOf.get(sn) !== gatewaySn) return false;
    this.gatewayOf.delete(sn);
    return true;
  }
}
