import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AIRSPACE_RESTRICTING_CATEGORIES } from '@shared/entities/feature';
import {
  flightAreaFileJson,
  flightAreasDroneLocationSchema,
  flightAreasGetRequestSchema,
  flightAreasSyncProgressSchema,
  isInSync,
  METHOD_FLIGHT_AREAS_DRONE_LOCATION,
  METHOD_FLIGHT_AREAS_GET,
  METHOD_OFFLINE_MAP_GET,
  METHOD_FLIGHT_AREAS_SYNC_PROGRESS,
  METHOD_FLIGHT_AREAS_UPDATE,
  type DroneLocation,
  type FlightArea,
  type FlightAreaFileEntry,
  type FlightAreaSync,
  type FlightAreasSyncProgress,
  type SyncStatus,
} from '@shared/dji/flightAreas';
import { circleOf } from '@shared/circle';
import { geometrySchema, polygonSchema } from '@shared/geo';
import type { Database } from '../../db/schema';
import { parseJson } from '../../db/json';
import { nowIso } from '../../db/time';
import { signLinkToken, verifyLinkToken, type LinkClaims } from '../../entities/task/waylineLink';
import { route } from '../../mqtt/gateway/registry';
import type { RemoteLink } from '../commands';
import type { FlightReporter } from '../flightReports';
import { flightAreaId } from '@shared/dji/flightReport';

/** What a flight-area file link vouches for: the file of this checksum, until `exp`. */
interface AreaFileClaims extends LinkClaims {
  sum: string;
}

/** The purpose of an area file link token (see signLinkToken). */
const LINK_PURPOSE = 'flight-area-file';

export interface FlightAreaOptions {
  db: Kysely<Database>;
  replyTimeoutMs: number;
  /** Base URL the docks download from. */
  publicUrl(): string;
  /** Signs the download links (the server's token secret). */
  linkSecret: string;
  linkTtlSeconds: number;
  /** Reports each flight_areas_drone_location on sysinfo/flight. */
  report: FlightReporter;
  now?: () => number;
}

/** An area file as stored and served. */
export interface AreaFile {
  name: string;
  content: string;
  checksum: string;
  size: number;
}

/** The file `areas` make: DJI's JSON, named `geofence_{md5}.json` like DJI's demo, with its SHA-256 and size. */
export function areaFile(areas: readonly FlightArea[]): AreaFile {
  const content = flightAreaFileJson(areas);
  const bytes = Buffer.from(content, 'utf8');
  return {
    name: `geofence_${createHash('md5').update(bytes).digest('hex')}.json`,
    content,
    checksum: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
  };
}

/**
 * A dock's custom flight areas (spec dji-cloud-api-next §7): every no-fly and restricted GIS feature of the platform
 * as `nfz` (polygons, and points with a `radius` property as circles), and the approved airspace applications of the
 * dock or its aircraft whose window has not ended as `dfence`, in id order.
 */
export async function areasOfDock(db: Kysely<Database>, dock: { id: number; serial: string }, now: number): Promise<FlightArea[]> {
  const features = await db
    .selectFrom('features')
    .select(['id', 'geometry', 'properties'])
    .where('category', 'in', [...AIRSPACE_RESTRICTING_CATEGORIES])
    .orderBy('id')
    .execute();
  const nfz = features.flatMap((feature): FlightArea[] => {
    const geometry = geometrySchema.safeParse(parseJson(feature.geometry, null));
    if (!geometry.success) return [];
    const id = flightAreaId('feature', feature.id);
    if (geometry.data.type === 'Polygon') return [{ id, geofenceType: 'nfz', shape: { polygon: geometry.data } }];
    const circle = circleOf({ geometry: geometry.data, properties: parseJson<Record<string, unknown>>(feature.properties, {}) });
    return circle ? [{ id, geofenceType: 'nfz', shape: circle }] : [];
  });
  const applications = await db
    .selectFrom('airspace_applications')
    .select(['airspace_applications.id', 'airspace_applications.area'])
    .where('status', '=', 'approved')
    .where('end_at', '>', nowIso(now))
    .where('device_id', 'in', (eb) =>
      eb
        .selectFrom('devices')
        .select('id')
        .where((w) => w.or([w('id', '=', dock.id), w('gateway_sn', '=', dock.serial)])),
    )
    .orderBy('airspace_applications.id')
    .execute();
  const dfence: FlightArea[] = applications.flatMap((application) => {
    const area = polygonSchema.safeParse(parseJson(application.area, null));
    return area.success ? [{ id: flightAreaId('airspace', application.id), geofenceType: 'dfence' as const, shape: { polygon: area.data } }] : [];
  });
  return [...nfz, ...dfence];
}

/**
 * Pushes custom flight areas to docks: `flight_areas_update` tells a dock a file is there, the dock's
 * `flight_areas_get` is answered with a signed link to it (its SHA-256 and size), `flight_areas_sync_progress` is
 * kept per dock, `flight_areas_drone_location` per dock in memory (and reported on sysinfo/flight).
 */
export class FlightAreaService {
  private readonly locations = new Map<string, DroneLocation[]>();

  constructor(
    private readonly link: RemoteLink,
    private readonly options: FlightAreaOptions,
  ) {
    link.register({
      name: 'remote.flightAreas',
      requests: {
        [METHOD_FLIGHT_AREAS_GET]: route(flightAreasGetRequestSchema, async (gatewaySn) => ({ files: await this.filesFor(gatewaySn) })),
        [METHOD_OFFLINE_MAP_GET]: route(flightAreasGetRequestSchema, () => undefined),
      },
      events: {
        [METHOD_FLIGHT_AREAS_SYNC_PROGRESS]: route(flightAreasSyncProgressSchema, (gatewaySn, data) => this.onProgress(gatewaySn, data)),
        [METHOD_FLIGHT_AREAS_DRONE_LOCATION]: route(flightAreasDroneLocationSchema, (gatewaySn, data) => {
          this.locations.set(gatewaySn, data.drone_locations);
          this.options.report(gatewaySn, { areas: data.drone_locations });
        }),
      },
      services: [METHOD_FLIGHT_AREAS_UPDATE],
    });
  }

  /** Tells the dock to fetch its areas again; its sync then waits for the dock (`wait_sync`). */
  async update(dock: { id: number }, dockSn: string): Promise<void> {
    await this.link.sendService(dockSn, METHOD_FLIGHT_AREAS_UPDATE, null, { timeoutMs: this.options.replyTimeoutMs });
    await this.record(dock.id, { status: 'wait_sync', reason: null, checksum: null });
  }

  /** The dock's sync as the console shows it. */
  async syncOf(dock: { id: number; serial: string }): Promise<FlightAreaSync> {
    const { db } = this.options;
    const areas = await areasOfDock(db, dock, this.now());
    const file = areaFile(areas);
    const row = await db.selectFrom('flight_area_syncs').selectAll().where('device_id', '=', dock.id).executeTakeFirst();
    const status = (row?.status ?? null) as SyncStatus | null;
    return {
      status,
      reason: row?.reason ?? null,
      device_checksum: row?.checksum ?? null,
      current_checksum: file.checksum,
      in_sync: isInSync(status, row?.checksum ?? null, file.checksum),
      area_count: areas.length,
      updated_at: row?.updated_at ?? null,
      drone_locations: this.locations.get(dock.serial) ?? [],
    };
  }

  /** A stored area file for a download link, or why not. */
  async download(token: string): Promise<{ ok: true; file: AreaFile } | { ok: false; why: string }> {
    const check = verifyLinkToken<AreaFileClaims>(this.options.linkSecret, LINK_PURPOSE, token, this.now());
    if (!check.ok) return check;
    const file = await this.options.db.selectFrom('flight_area_files').selectAll().where('checksum', '=', check.claims.sum).executeTakeFirst();
    return file ? { ok: true, file } : { ok: false, why: 'no such file' };
  }

  /** The answer to a dock's flight_areas_get: its file, stored, behind a signed link (no areas: no file, the dock clears them). */
  private async filesFor(dockSn: string): Promise<FlightAreaFileEntry[]> {
    const { db } = this.options;
    const dock = await db.selectFrom('devices').select(['id', 'serial']).where('serial', '=', dockSn).executeTakeFirst();
    if (!dock) return [];
    const areas = await areasOfDock(db, dock, this.now());
    if (!areas.length) return [];
    const file = areaFile(areas);
    await db
      .insertInto('flight_area_files')
      .values({ ...file, created_at: nowIso(this.now()) })
      .onConflict((oc) => oc.column('checksum').doNothing())
      .execute();
    const claims: AreaFileClaims = { sum: file.checksum, exp: Math.floor(this.now() / 1000) + this.options.linkTtlSeconds };
    const token = signLinkToken(this.options.linkSecret, LINK_PURPOSE, claims);
    return [{ name: file.name, url: `${this.options.publicUrl()}/api/FlightArea/file/${file.name}?token=${token}`, checksum: file.checksum, size: file.size }];
  }

  private async onProgress(dockSn: string, data: FlightAreasSyncProgress): Promise<void> {
    const dock = await this.options.db.selectFrom('devices').select('id').where('serial', '=', dockSn).executeTakeFirst();
    if (!dock) return;
    await this.record(dock.id, { status: data.status, reason: data.reason || null, checksum: data.file?.checksum ?? null });
  }

  private async record(deviceId: number, sync: { status: SyncStatus; reason: number | null; checksum: string | null }): Promise<void> {
    const row = { ...sync, updated_at: nowIso(this.now()) };
    await this.options.db
      .insertInto('flight_area_syncs')
      .values({ device_id: deviceId, ...row })
      .onConflict((oc) => oc.column('device_id').doUpdateSet(row))
      .execute();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
