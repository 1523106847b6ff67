import { sql, type Kysely } from 'kysely';
import type { DeviceStatus, Telemetry } from '@shared/live';
import { DEFAULT_AREA, type WeatherArea } from './weather';

/**
 * The broker's only contact with the domain tables (devices, projects), owned by the domain model.
 * Columns are discovered at run time, so the live channel works before, and keeps working while, those tables evolve:
 * without a devices table nothing is written; without projects the default area is used.
 */
export interface DeviceDirectory {
  /** How many devices there are: every registered one, plus those of `liveSerials` that are not registered. */
  countDevices(liveSerials: readonly string[]): Promise<number>;
  /**
   * Writes the status of each device (by serial, when the table exists), when it was last seen and, from its sample,
   * its last position and battery: one statement per PRESENCE_CHUNK devices.
   */
  recordPresence(writes: readonly PresenceWrite[]): Promise<void>;
  listAreas(): Promise<WeatherArea[]>;
}

/** A device's presence as its row keeps it: its status, when it was last seen, and its newest sample with a position. */
export interface PresenceWrite {
  sn: string;
  status: DeviceStatus;
  /** epoch ms; null keeps the row's own. */
  lastSeen: number | null;
  /** null keeps the row's position and battery. */
  sample: Telemetry | null;
}

/** Serials per `in (…)` list, well under SQLite's bound-parameter limit. */
const COUNT_CHUNK = 500;
/** Devices per presence statement: seven parameters each, under the 999 of older SQLite builds. */
const PRESENCE_CHUNK = 100;

const pick = (columns: Set<string>, candidates: string[]) => candidates.find((c) => columns.has(c));

interface DeviceColumns {
  serial: string;
  status?: string;
  lastSeen?: string;
  lat?: string;
  lng?: string;
  alt?: string;
  battery?: string;
}

/** Centroid of the ring(s) of a GeoJSON Polygon/MultiPolygon/Feature or a bare [[lng,lat],…] array. */
export function areaCentre(raw: unknown): { lat: number; lng: number } | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const points: Array<[number, number]> = [];
  const walk = (node: unknown) => {
    if (!Array.isArray(node)) return;
    if (node.length >= 2 && typeof node[0] === 'number' && typeof node[1] === 'number') points.push([node[0], node[1]]);
    else node.forEach(walk);
  };
  const geo = value as { type?: string; geometry?: { coordinates?: unknown }; coordinates?: unknown } | null;
  walk(geo && !Array.isArray(geo) ? (geo.geometry?.coordinates ?? geo.coordinates) : value);
  const valid = points.filter(([lng, lat]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180);
  if (valid.length === 0) return null;
  const lng = valid.reduce((s, p) => s + p[0], 0) / valid.length;
  const lat = valid.reduce((s, p) => s + p[1], 0) / valid.length;
  return { lat: Math.round(lat * 1e5) / 1e5, lng: Math.round(lng * 1e5) / 1e5 };
}

export function createDeviceDirectory(dbTyped: Kysely<unknown>, log: { debug(obj: unknown, msg?: string): void }): DeviceDirectory {
  // The domain tables are not in this feature's schema type; columns are checked before use.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = dbTyped as Kysely<any>;
  let tables: Promise<Map<string, Set<string>>> | null = null;
  let loadedAt = 0;
  const describe = () => {
    // Re-read the table list now and then: the domain migrations may arrive while the server runs (tests, upgrades).
    if (!tables || Date.now() - loadedAt > 60_000) {
      loadedAt = Date.now();
      tables = db.introspection
        .getTables()
        .then((list) => new Map(list.map((t) => [t.name, new Set(t.columns.map((c) => c.name))])))
        .catch((error: unknown) => {
          log.debug({ err: error }, 'mqtt: cannot read the table list');
          return new Map<string, Set<string>>();
        });
    }
    return tables;
  };
  const deviceColumns = async (): Promise<DeviceColumns | null> => {
    const columns = (await describe()).get('devices');
    if (!columns) return null;
    const serial = pick(columns, ['serial_number', 'sn', 'serial', 'device_sn']);
    if (!serial) return null;
    return {
      serial,
      status: pick(columns, ['status']),
      lastSeen: pick(columns, ['last_seen', 'last_seen_at']),
      lat: pick(columns, ['last_lat', 'lat', 'latitude']),
      lng: pick(columns, ['last_lng', 'lng', 'longitude']),
      alt: pick(columns, ['last_alt', 'alt', 'altitude']),
      battery: pick(columns, ['battery', 'battery_percent', 'battery_level']),
    };
  };
  return {
    async countDevices(liveSerials) {
      const cols = await deviceColumns();
      if (!cols) return liveSerials.length;
      try {
        const countWhere = async (serials?: readonly string[]) => {
          let query = db.selectFrom('devices').select((eb) => eb.fn.countAll().as('n'));
          if (serials) query = query.where(cols.serial, 'in', serials);
          return Number(((await query.executeTakeFirst()) as { n?: unknown } | undefined)?.n ?? 0);
        };
        let liveRegistered = 0;
        for (let i = 0; i < liveSerials.length; i += COUNT_CHUNK) liveRegistered += await countWhere(liveSerials.slice(i, i + COUNT_CHUNK));
        return (await countWhere()) + liveSerials.length - liveRegistered;
      } catch (error) {
        log.debug({ err: error }, 'mqtt: cannot count devices');
        return liveSerials.length;
      }
    },
    async recordPresence(writes) {
      const cols = await deviceColumns();
      if (!cols || writes.length === 0) return;
      // UPDATE … FROM (VALUES …), which SQLite (3.33+) and PostgreSQL both read; an absent value (null) keeps the
      // column's own. The casts give PostgreSQL the types of the parameters.
      const set = [
        cols.status && sql`${sql.ref(cols.status)} = v.column2`,
        cols.lastSeen && sql`${sql.ref(cols.lastSeen)} = coalesce(v.column3, ${sql.ref(`devices.${cols.lastSeen}`)})`,
        ...(
          [
            [cols.lat, 'column4'],
            [cols.lng, 'column5'],
            [cols.alt, 'column6'],
            [cols.battery, 'column7'],
          ] as const
        ).map(([column, value]) => column && sql`${sql.ref(column)} = coalesce(v.${sql.raw(value)}, ${sql.ref(`devices.${column}`)})`),
      ].filter((assignment) => assignment !== undefined);
      if (set.length === 0) return;
      for (let i = 0; i < writes.length; i += PRESENCE_CHUNK) {
        const rows = writes.slice(i, i + PRESENCE_CHUNK).map(({ sn, status, lastSeen, sample }) => {
          const seen = lastSeen === null ? null : new Date(lastSeen).toISOString();
          const battery = sample ? Math.round(sample.battery) : null;
          return sql`(cast(${sn} as varchar(64)), cast(${status} as varchar(16)), cast(${seen} as varchar(32)), cast(${sample?.lat ?? null} as double precision), cast(${sample?.lng ?? null} as double precision), cast(${sample?.alt ?? null} as double precision), cast(${battery} as integer))`;
        });
        try {
          await sql`update devices set ${sql.join(set)} from (values ${sql.join(rows)}) as v where ${sql.ref(`devices.${cols.serial}`)} = v.column1`.execute(
            db,
          );
        } catch (error) {
          log.debug({ err: error, devices: rows.length }, 'mqtt: device presence update failed');
        }
      }
    },
    async listAreas() {
      const columns = (await describe()).get('projects');
      const areaColumn = columns && pick(columns, ['area', 'area_geojson', 'polygon', 'boundary', 'geometry']);
      if (!columns || !areaColumn) return [DEFAULT_AREA];
      const nameColumn = pick(columns, ['name', 'title']);
      try {
        const rows: Array<Record<string, unknown>> = await db
          .selectFrom('projects')
          .select(['id', areaColumn, ...(nameColumn ? [nameColumn] : [])])
          .limit(50)
          .execute();
        const areas = rows.flatMap((row) => {
          const centre = areaCentre(row[areaColumn]);
          return centre ? [{ areaId: `project-${row.id}`, name: String(nameColumn ? row[nameColumn] : row.id), ...centre }] : [];
        });
        return areas.length ? areas : [DEFAULT_AREA];
      } catch (error) {
        log.debug({ err: error }, 'mqtt: cannot list project areas');
        return [DEFAULT_AREA];
      }
    },
  };
}
