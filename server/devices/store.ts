import { sql, type Kysely, type Transaction } from 'kysely';
import { deviceKindOf, deviceModelName, type DjiDomain } from '@shared/dji/devices';
import { NEEDS_CONSISTENCY_UPGRADE } from '@shared/dji/firmware';
import type { TopoSubDevice } from '@shared/dji/topology';
import type { DeviceStatus, Telemetry } from '@shared/live';
import type { ClaimRow } from './topology/claims';
import { auditDetail } from '../domain/audit';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';

/** Who binds the unknown devices of a topology to the workspace: the signed-in pilot of a Pilot 2 gateway, or a registered dock. */
export type Binder = { by: 'pilot'; userId: number; username: string; deptId: number | null } | { by: 'dock'; sn: string };

export interface TopoDevice {
  sn: string;
  domain: DjiDomain;
  type: number;
  subType: number;
  thingVersion?: string;
  index?: string;
  gatewaySn: string | null;
}

export const toTopoDevice = (d: TopoSubDevice, gatewaySn: string): TopoDevice => ({
  sn: d.sn,
  domain: d.domain,
  type: d.type,
  subType: d.sub_type,
  thingVersion: d.thing_version,
  index: d.index === undefined ? undefined : String(d.index),
  gatewaySn,
});

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

/** A `bind` entry in the audit log, naming who vouched (the pilot, the dock, or nobody: an external broker's gateway). */
async function audit(trx: Transaction<Database>, binder: Binder | null, deviceId: number, detail: Record<string, unknown>) {
  await trx
    .insertInto('audit_log')
    .values({
      user_id: binder?.by === 'pilot' ? binder.userId : null,
      username: binder?.by === 'pilot' ? binder.username : binder ? `dock:${binder.sn}` : 'broker',
      action: 'bind',
      entity: 'device',
      entity_id: String(deviceId),
      detail: auditDetail(detail),
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Every write of a device row but the CRUD entity's own (server/entities/device): presence from the live channel,
 * topology, binding and state from the DJI link (migration 005), a dock's secret; and the lookups these need.
 */
export function createDeviceStore(db: Kysely<Database>) {
  return {
    /** How many devices there are: every registered one, plus those of `liveSerials` that are not registered. */
    async countDevices(liveSerials: readonly string[]): Promise<number> {
      const countWhere = async (serials?: readonly string[]) => {
        let query = db.selectFrom('devices').select((eb) => eb.fn.countAll<number | string | bigint>().as('n'));
        if (serials) query = query.where('serial', 'in', serials);
        return Number((await query.executeTakeFirstOrThrow()).n);
      };
      let liveRegistered = 0;
      for (let i = 0; i < liveSerials.length; i += COUNT_CHUNK) liveRegistered += await countWhere(liveSerials.slice(i, i + COUNT_CHUNK));
      return (await countWhere()) + liveSerials.length - liveRegistered;
    },

    /**
     * Writes each device's status, when it was last seen and, from its sample, its last position and battery: one
     * statement per PRESENCE_CHUNK devices, UPDATE … FROM (VALUES …), which SQLite (3.33+) and PostgreSQL both read.
     * An absent value (null) keeps the column's own; the casts give PostgreSQL the parameters' types.
     */
    async recordPresence(writes: readonly PresenceWrite[]): Promise<void> {
      for (let i = 0; i < writes.length; i += PRESENCE_CHUNK) {
        const rows = writes.slice(i, i + PRESENCE_CHUNK).map(({ sn, status, lastSeen, sample }) => {
          const seen = lastSeen === null ? null : new Date(lastSeen).toISOString();
          const battery = sample ? Math.round(sample.battery) : null;
          return sql`(cast(${sn} as varchar(64)), cast(${status} as varchar(16)), cast(${seen} as varchar(32)), cast(${sample?.lat ?? null} as double precision), cast(${sample?.lng ?? null} as double precision), cast(${sample?.alt ?? null} as double precision), cast(${battery} as integer))`;
        });
        await sql`update devices set status = v.column2, last_seen_at = coalesce(v.column3, devices.last_seen_at), last_lat = coalesce(v.column4, devices.last_lat), last_lng = coalesce(v.column5, devices.last_lng), last_alt = coalesce(v.column6, devices.last_alt), battery = coalesce(v.column7, devices.battery) from (values ${sql.join(rows)}) as v where devices.serial = v.column1`.execute(
          db,
        );
      }
    },

    /** A dock's new MQTT secret (its hash), in the caller's transaction (with its audit entry). */
    async setDockSecret(trx: Transaction<Database>, id: number, secretHash: string): Promise<void> {
      await trx.updateTable('devices').set({ secret_hash: secretHash, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    /**
     * Records the gateway and its sub-devices (payloads are not devices of their own). Unknown ones are created
     * when a binder vouches for them, with an audit entry naming it; returns the serials created.
     */
    async applyTopology(devices: TopoDevice[], binder: Binder | null): Promise<string[]> {
      const serials = devices.filter((d) => deviceKindOf(d.domain)).map((d) => d.sn);
      if (serials.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const existing = new Map(
          (await trx.selectFrom('devices').select(['id', 'serial', 'dept_id', 'gateway_sn']).where('serial', 'in', serials).execute()).map((r) => [
            r.serial,
            r,
          ]),
        );
        const deptId =
          binder?.by === 'pilot'
            ? binder.deptId
            : binder
              ? ((await trx.selectFrom('devices').select('dept_id').where('serial', '=', binder.sn).executeTakeFirst())?.dept_id ?? null)
              : null;
        const created: string[] = [];
        for (const device of devices) {
          const kind = deviceKindOf(device.domain);
          if (!kind) continue;
          const link = {
            gateway_sn: device.gatewaySn,
            dji_domain: device.domain,
            dji_type: device.type,
            dji_sub_type: device.subType,
            sub_index: device.index ?? null,
            thing_version: device.thingVersion ?? null,
          };
          const row = existing.get(device.sn);
          if (row) {
            await trx.updateTable('devices').set(link).where('id', '=', row.id).execute();
            // The bind history: a registered device that moves to another gateway.
            if (device.gatewaySn !== null && row.gateway_sn !== device.gatewaySn)
              await audit(trx, binder, row.id, { serial: device.sn, gateway: device.gatewaySn, previousGateway: row.gateway_sn, boundBy: binder ?? 'broker' });
            continue;
          }
          if (!binder) continue;
          const model = deviceModelName(device.domain, device.type, device.subType);
          const inserted = await trx
            .insertInto('devices')
            .values({
              serial: device.sn,
              name: `${model} ${device.sn.slice(-4)}`,
              model,
              kind,
              dept_id: deptId,
              status: 'online',
              created_at: now,
              updated_at: now,
              ...link,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(trx, binder, inserted.id, { serial: device.sn, model, kind, gateway: device.gatewaySn ?? device.sn, boundBy: binder });
          created.push(device.sn);
        }
        return created;
      });
    },

    /**
     * `state` properties: firmware_version onto the firmware column, compatible_status onto needs_consistency_upgrade,
     * the whole object merged into dji_state.
     */
    async recordState(sn: string, state: Record<string, unknown>): Promise<void> {
      const row = await db.selectFrom('devices').select(['id', 'dji_state']).where('serial', '=', sn).executeTakeFirst();
      if (!row) return;
      const previous = row.dji_state ? (JSON.parse(row.dji_state) as Record<string, unknown>) : {};
      const firmware = typeof state.firmware_version === 'string' ? { firmware: state.firmware_version } : {};
      const consistency =
        typeof state.compatible_status === 'number' ? { needs_consistency_upgrade: state.compatible_status === NEEDS_CONSISTENCY_UPGRADE ? 1 : 0 } : {};
      await db
        .updateTable('devices')
        .set({ ...firmware, ...consistency, dji_state: JSON.stringify({ ...previous, ...state }).slice(0, 64_000), updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute();
    },

    async devicesBySerial(serials: string[]): Promise<Map<string, { id: number; kind: string }>> {
      if (serials.length === 0) return new Map();
      const rows = await db.selectFrom('devices').select(['id', 'serial', 'kind']).where('serial', 'in', serials).execute();
      return new Map(rows.map((r) => [r.serial, { id: r.id, kind: r.kind }]));
    },

    /** The registered rows of `serials` as the claim rules read them (server/devices/topology/claims.ts). */
    async claimRows(serials: string[]): Promise<Map<string, ClaimRow>> {
      if (serials.length === 0) return new Map();
      const rows = await db
        .selectFrom('devices as d')
        .leftJoin('devices as g', 'g.serial', 'd.gateway_sn')
        .select(['d.serial', 'd.kind', 'd.dept_id', 'd.created_by', 'd.gateway_sn', 'g.kind as gateway_kind'])
        .where('d.serial', 'in', serials)
        .execute();
      return new Map(rows.map((r) => [r.serial, r]));
    },

    /** Which of `serials` are registered docks. */
    async registeredDocks(serials: string[]): Promise<string[]> {
      if (serials.length === 0) return [];
      const rows = await db.selectFrom('devices').select('serial').where('serial', 'in', serials).where('kind', '=', 'dock').execute();
      return rows.map((r) => r.serial);
    },
  };
}
export type DeviceStore = ReturnType<typeof createDeviceStore>;
