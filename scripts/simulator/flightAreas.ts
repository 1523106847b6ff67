import { createHash } from 'node:crypto';
import { circle, point, pointToPolygonDistance, polygon } from '@turf/turf';
import { RESULT, type ReplyData } from '@shared/dji/envelope';
import {
  METHOD_FLIGHT_AREAS_DRONE_LOCATION,
  METHOD_FLIGHT_AREAS_GET,
  METHOD_FLIGHT_AREAS_SYNC_PROGRESS,
  type DroneLocation,
  type FlightAreaFileEntry,
  type FlightAreasSyncProgress,
} from '@shared/dji/flightAreas';

/** Sync failure reasons a real dock reports (spec §7): 1 the cloud's reply, 3 the download, 12 the checksum. */
const REASON = { cloudReply: 1, download: 3, checksum: 12 } as const;

/** One area of a loaded file: its id and its outline (a circle is drawn as a polygon). */
interface LoadedArea {
  id: string;
  outline: ReturnType<typeof polygon>;
}

export interface FlightAreaLink {
  /** Sends a request on …/requests; resolves with the platform's reply data. */
  request(method: string, data: Record<string, unknown> | null): Promise<ReplyData>;
  /** Publishes an event on …/events (`needReply`: need_reply 1). */
  emit(method: string, data: Record<string, unknown>, needReply: boolean): void;
  log(message: string): void;
}

/**
 * A dock's custom flight areas as a real one keeps them (spec dji-cloud-api-next §7): `flight_areas_update` is
 * accepted at once, then the dock asks for its file (`flight_areas_get`), downloads it, checks its SHA-256 and reports
 * `flight_areas_sync_progress` (synchronizing, then synchronized or fail with DJI's reason); an empty file list clears
 * its areas. While the aircraft flies it reports its distance to each area's boundary.
 */
export class SimulatedFlightAreas {
  /** The file the dock holds (name and checksum as the platform gave them) and its areas. */
  file: { name: string; checksum: string } | null = null;
  areas: LoadedArea[] = [];
  private syncing: Promise<void> = Promise.resolve();

  constructor(private readonly link: FlightAreaLink) {}

  /** flight_areas_update: accepted; the sync runs after the reply, one at a time. */
  update(): number {
    this.syncing = this.syncing.then(() => this.sync()).catch((error: Error) => this.link.log(`flight areas: ${error.message}`));
    return RESULT.ok;
  }

  /** flight_areas_drone_location for an aircraft at `at` (metres to each boundary; negative distances are inside). */
  reportLocation(at: { lat: number; lng: number }): void {
    if (!this.areas.length) return;
    const here = point([at.lng, at.lat]);
    const drone_locations: DroneLocation[] = this.areas.map(({ id, outline }) => {
      const signed = pointToPolygonDistance(here, outline, { units: 'meters' });
      return { area_id: id, area_distance: Math.round(Math.abs(signed) * 10) / 10, is_in_area: signed <= 0 };
    });
    this.link.emit(METHOD_FLIGHT_AREAS_DRONE_LOCATION, { drone_locations }, false);
  }

  private progress(data: FlightAreasSyncProgress) {
    this.link.emit(METHOD_FLIGHT_AREAS_SYNC_PROGRESS, data, true);
  }

  private async sync(): Promise<void> {
    // DJI's SDK sends its empty FlightAreasGetRequest: `data` is `{}`.
    // As a real dock asks: a request without parameters, `data: null`.
    const reply = await this.link.request(METHOD_FLIGHT_AREAS_GET, null);
    const files = (reply.output as { files?: FlightAreaFileEntry[] } | undefined)?.files;
    if (reply.result !== RESULT.ok || !Array.isArray(files)) return this.progress({ status: 'fail', reason: REASON.cloudReply });
    const entry = files[0];
    if (!entry) {
      this.file = null;
      this.areas = [];
      return this.progress({ status: 'synchronized', reason: 0, file: { name: '', checksum: '' } });
    }
    const file = { name: entry.name, checksum: entry.checksum };
    this.progress({ status: 'synchronizing', reason: 0, file });
    const response = await fetch(entry.url);
    if (!response.ok) return this.progress({ status: 'fail', reason: REASON.download, file });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (createHash('sha256').update(bytes).digest('hex') !== entry.checksum || bytes.length !== entry.size)
      return this.progress({ status: 'fail', reason: REASON.checksum, file });
    this.areas = loadAreas(bytes.toString('utf8'));
    this.file = file;
    this.progress({ status: 'synchronized', reason: 0, file });
  }
}

interface FileFeature {
  id: string;
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'Point'; coordinates: number[] };
  properties: { radius: number };
}

/** The areas of a DJI area file, circles drawn as 32-sided polygons. */
function loadAreas(content: string): LoadedArea[] {
  const { features } = JSON.parse(content) as { features: FileFeature[] };
  return features.map(({ id, geometry, properties }) => ({
    id,
    outline: geometry.type === 'Polygon' ? polygon(geometry.coordinates) : circle(geometry.coordinates, properties.radius, { units: 'meters', steps: 32 }),
  }));
}
