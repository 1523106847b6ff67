import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AircraftSample, TopologyChange } from '../mqtt/gateway/service';
import type { Ownership } from '../rbac/dataScope';
import type { PilotHub } from './hub';

/** How often Pilot 2 hears an aircraft's position (device_osd): once a second per aircraft, its newest sample. */
export const DEVICE_OSD_INTERVAL_MS = 1000;

/** DJI's attitude_head is -180…180; the platform keeps headings as 0…360. */
const attitudeHead = (heading: number | undefined) => (heading === undefined ? undefined : heading > 180 ? heading - 360 : heading);

/** device_osd's `data` for an aircraft sample (shared/spec/dji-cloud-api-next.md §3 "WebSocket"). */
export const deviceOsd = ({ sn, live }: AircraftSample) => ({
  sn,
  host: {
    latitude: live.lat,
    longitude: live.lng,
    height: live.height,
    attitude_head: attitudeHead(live.heading),
    elevation: live.elevation,
    horizontal_speed: live.horizontalSpeed,
    vertical_speed: live.verticalSpeed,
  },
});

/**
 * The situational view of Pilot 2's `tsa` component: device_online / device_offline / device_update_topo when a
 * gateway's topology changes (Pilot then re-fetches the topologies), and device_osd for each aircraft at a fixed rate,
 * each only to the connections whose data scope shows the device.
 */
export class DeviceEvents {
  private readonly lastOsd = new Map<string, number>();

  constructor(
    private readonly hub: PilotHub,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  onSample(sample: AircraftSample): void {
    if (this.hub.size === 0) return;
    const now = this.now();
    if (now - (this.lastOsd.get(sample.sn) ?? -Infinity) < DEVICE_OSD_INTERVAL_MS) return;
    this.lastOsd.set(sample.sn, now);
    void this.toSeers(sample.sn, 'device_osd', deviceOsd(sample));
  }

  onTopology(change: TopologyChange): void {
    if (!change.online) this.lastOsd.clear();
    if (this.hub.size === 0) return;
    const bizCode = !change.online ? 'device_offline' : change.cameOnline ? 'device_online' : 'device_update_topo';
    void this.toSeers(change.gatewaySn, bizCode, {});
  }

  private async toSeers(sn: string, bizCode: string, data: unknown): Promise<void> {
    try {
      const device: Ownership | undefined = await this.db.selectFrom('devices').select(['dept_id', 'created_by']).where('serial', '=', sn).executeTakeFirst();
      // A device the platform has no row of is nobody's to see.
      if (device) this.hub.publish({ permission: 'device:read', device }, bizCode, data);
    } catch (error) {
      this.log.warn({ err: error, sn }, 'pilot ws: device announcement failed');
    }
  }
}
