import type { DjiLive, DjiLiveKind } from '@shared/dji/live';
import type { TopologyDeclaration } from '../sharedTopology';
import type { LinkTopology } from '../topology';

/** One applied OSD report of an aircraft: what flight records and conformance monitoring read. */
export interface AircraftSample {
  sn: string;
  /** The gateway (RC or dock) it reports through. */
  gatewaySn: string | undefined;
  live: DjiLive;
  at: number;
}

/** A gateway's topology as applied: online with its sub-devices (and whether it just came online), or gone. */
export interface TopologyChange {
  gatewaySn: string;
  online: boolean;
  cameOnline?: boolean;
  subSerials: string[];
}

/** What the link's own capabilities (topology, telemetry, health) share with the gateway that routes to them. */
export interface LinkCore {
  topology: LinkTopology;
  now(): number;
  liveState(sn: string): DjiLive | undefined;
  setLiveState(sn: string, live: DjiLive): void;
  /**
   * A gateway's topology was applied here: resolves once this instance, if it owns the gateway, is subscribed to its
   * devices' topics (the other instances splitting the uplink heard it as it arrived; no-op alone).
   */
  declared(declaration: TopologyDeclaration): Promise<void>;
  /** The sub-devices a gateway no longer declares are offline. */
  forget(serials: string[]): void;
  /** Feeds the live channel with the device's status and telemetry. */
  report(sn: string, kind: DjiLiveKind): void;
  /** Hands an aircraft sample to the gateway's onAircraftSample listeners. */
  aircraftSampled(sample: AircraftSample): void;
  /** Hands an applied topology to the gateway's onTopologyChange listeners. */
  topologyChanged(change: TopologyChange): void;
}
