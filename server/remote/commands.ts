import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { DjiLive } from '@shared/dji/live';
import { remoteErrorMeaning } from '@shared/dji/remoteErrors';
import { heightAboveTakeoff, type AircraftFacts, type FlightRefusal } from '@shared/dji/remoteRules';
import { writeAudit } from '../domain/audit';
import { findScopedRow } from '../api/crud';
import type { Database, DevicesTable } from '../db/schema';
import { parseJson } from '../db/json';
import { badRequest, HttpError, rowNotFound } from '../http/envelope';
import type { Capability } from '../mqtt/gateway/registry';
import type { RemoteHandle } from './plugin';

/** The part of the device gateway remote operations use (server/mqtt/gateway/service.ts). */
export interface RemoteLink {
  sendService(gatewaySn: string, method: string, data: Record<string, unknown> | null, options?: { timeoutMs?: number }): Promise<Record<string, unknown>>;
  register(capability: Capability): void;
}

/** 409: the live channel is off, so there are no remote operations (nor the monitor judging their targets). */
const linkUnavailable = () => new HttpError(409, 'The live channel is off: no remote operations', undefined, { code: 'remote.link_unavailable' });

/** The remote-operation services, or 409 while the live channel is off. */
export function remoteOf(app: FastifyInstance): RemoteHandle {
  if (!app.remote) throw linkUnavailable();
  return app.remote;
}

/** The device `id` when the caller's data scope shows it, else 404 like any row out of scope. */
export async function scopedDevice(db: Kysely<Database>, request: FastifyRequest, id: number): Promise<Selectable<DevicesTable>> {
  const device = await findScopedRow(db, 'devices', id, request);
  if (!device) throw rowNotFound('device', id);
  return device;
}

/** The dock `device`, or 400. */
export function dockOnly(device: Selectable<DevicesTable>): Selectable<DevicesTable> {
  if (device.kind !== 'dock')
    throw badRequest('Only docks take this command', [{ field: 'id', message: 'is not a dock', code: 'device.not_a_dock' }], { code: 'device.not_a_dock' });
  return device;
}

/** The dock `device` (400 otherwise), online on this server (409 otherwise). */
export function onlineDock(app: FastifyInstance, device: Selectable<DevicesTable>): Selectable<DevicesTable> {
  dockOnly(device);
  if (app.mqtt?.gateway.gatewayFor(device.serial) !== device.serial)
    throw new HttpError(409, `${device.serial} is offline`, undefined, { code: 'remote.device_offline', params: { sn: device.serial } });
  return device;
}

/** What the flight rule reads of an aircraft (by serial) on this server's gateway, and the gateway it flies through. */
export async function aircraftFacts(
  app: FastifyInstance,
  aircraft: Pick<Selectable<DevicesTable>, 'serial' | 'gateway_sn'>,
): Promise<{ gatewaySn: string; facts: AircraftFacts }> {
  const gateway = app.mqtt?.gateway;
  const gatewaySn = gateway?.gatewayFor(aircraft.serial) ?? aircraft.gateway_sn ?? aircraft.serial;
  const { aircraftLive, dockLive } = await livesOf(app, aircraft.serial, gatewaySn);
  return {
    gatewaySn,
    facts: {
      online: gateway?.gatewayFor(aircraft.serial) !== undefined,
      modeCode: aircraftLive?.modeCode,
      dockModeCode: dockLive?.modeCode ?? null,
    },
  };
}

/** The live state of aircraft `sn` and of its gateway `gatewaySn` if a dock, as any instance reads them. */
async function livesOf(app: FastifyInstance, sn: string, gatewaySn: string) {
  const gateway = app.mqtt?.gateway;
  const [aircraftLive, gatewayLive] = gateway ? await Promise.all([gateway.currentLive(sn), gateway.currentLive(gatewaySn)]) : [];
  return { aircraftLive, dockLive: gatewayLive?.kind === 'dock' ? gatewayLive : null };
}

/** The aircraft a command moves, the gateway it flies through, what the flight rules read of it and who holds authority. */
export interface AircraftTarget {
  aircraft: Selectable<DevicesTable>;
  gatewaySn: string;
  facts: AircraftFacts;
  controlSource: unknown;
}

/** The aircraft of device `id` in the caller's scope (the device itself, or the aircraft behind a gateway), else 404 / 409. */
export async function aircraftTarget(app: FastifyInstance, request: FastifyRequest, id: number): Promise<AircraftTarget> {
  const device = await scopedDevice(app.db, request, id);
  const aircraft =
    device.kind === 'aircraft'
      ? device
      : await app.db.selectFrom('devices').selectAll().where('gateway_sn', '=', device.serial).where('kind', '=', 'aircraft').executeTakeFirst();
  if (!aircraft) throw new HttpError(409, `${device.serial} has no aircraft`, undefined, { code: 'remote.no_aircraft' });
  return { aircraft, ...(await aircraftFacts(app, aircraft)), controlSource: parseJson<Record<string, unknown>>(aircraft.dji_state, {}).control_source };
}

/** Where a take-off or fly-to sends the aircraft (DJI: height above the WGS84 ellipsoid). */
export interface FlightDestination {
  lat: number;
  lng: number;
  height: number;
}

/**
 * Refuses (409) a destination the airspace rules do not allow now, like a dispatch (docs/remote.md): in a no-fly zone,
 * or not inside an accepted plan of the aircraft, its window and its volume (height measured from take-off, as plans
 * are filed). The conformance monitor judges it against the same plans and zones it judges flights by.
 */
export async function assertDestinationAllowed(app: FastifyInstance, target: AircraftTarget, destination: FlightDestination): Promise<void> {
  const sn = target.aircraft.serial;
  const monitor = app.conformance;
  if (!monitor) throw linkUnavailable();
  const { aircraftLive, dockLive } = await livesOf(app, sn, target.gatewaySn);
  const alt = heightAboveTakeoff(destination.height, { aircraft: aircraftLive, dock: dockLive });
  if (alt === null) throw new HttpError(409, `${sn} has not reported its height`, undefined, { code: 'remote.height_reference_unknown', params: { sn } });
  const from = positionOf(aircraftLive) ?? positionOf(dockLive);
  if (!from) throw new HttpError(409, `${sn} has not reported where it is`, undefined, { code: 'remote.position_unknown', params: { sn } });
  const finding = await monitor.judgeDestination(sn, { lng: destination.lng, lat: destination.lat, alt }, from);
  if (finding)
    throw new HttpError(409, `${sn} may not fly to that point (${finding.rule})`, undefined, {
      code: 'remote.airspace_refused',
      params: { sn, rule: finding.rule },
    });
}

/** Where a device last reported it is, if it did. */
const positionOf = (live: DjiLive | null | undefined) => (live?.lng !== undefined && live.lat !== undefined ? { lng: live.lng, lat: live.lat } : null);

/** A flight rule's refusal as the API answers it (`sn`: the aircraft's). */
export function flightRefusalError(refusal: FlightRefusal, sn: string, facts: AircraftFacts): HttpError {
  switch (refusal) {
    case 'offline':
      return new HttpError(409, `${sn} is offline`, undefined, { code: 'remote.device_offline', params: { sn } });
    case 'dock_busy':
      return new HttpError(409, `The dock is not idle (mode ${facts.dockModeCode ?? 'unknown'})`, undefined, {
        code: 'remote.dock_busy',
        params: { mode: facts.dockModeCode ?? -1 },
      });
    case 'already_flying':
      return new HttpError(409, 'The aircraft is already in the air', undefined, { code: 'remote.already_flying' });
    case 'not_flying':
      return new HttpError(409, 'The aircraft is not in the air', undefined, { code: 'remote.not_flying' });
  }
}

/** 400 unless `confirmSn` names `sn`, the device the command acts on (the operator confirmed another one). */
export function assertConfirmed(confirmSn: string | undefined, sn: string): void {
  if (confirmSn === undefined || confirmSn === sn) return;
  const reason = { code: 'remote.confirm_mismatch', params: { sn } } as const;
  throw badRequest(
    `confirm_sn must name the device the command acts on (${sn})`,
    [{ field: 'confirm_sn', message: 'is not the device the command acts on', ...reason }],
    reason,
  );
}

/** The audit action of a remote command (entity `device`, id the device's). */
export const AUDIT_ACTION = 'operate';

/** A remote command's failure → the API's answer: 409 with DJI's code, 504 when the device did not answer, 502 otherwise. */
export function remoteFailure(method: string, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const result = (error as { result?: unknown }).result;
  if (result === 'timeout')
    return new HttpError(504, `The device did not answer ${method} in time`, undefined, { code: 'remote.device_timeout', params: { method } });
  if (typeof result === 'number') {
    const meaning = remoteErrorMeaning(result);
    return new HttpError(409, `The device refused ${method}: ${meaning?.en ?? 'unknown error'} (result ${result})`, undefined, {
      code: 'remote.device_refused',
      params: { method, result, meaning: meaning?.key ?? 'unknown' },
    });
  }
  return new HttpError(502, `${method} could not be sent: ${(error as Error).message}`, undefined, { code: 'remote.link_failed', params: { method } });
}

/** One command as the device's page lists it (from the audit log). */
export const commandRecordSchema = z.object({
  id: z.number(),
  username: z.string().nullable(),
  at: z.string(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()).nullable(),
  /** 0, DJI's error code, or null when the command was refused before it was sent or not answered. */
  result: z.number().nullable(),
  /** The API's error code when the command failed. */
  error_code: z.string().nullable(),
  duration_ms: z.number(),
});
export type CommandRecord = z.infer<typeof commandRecordSchema>;

type AuditedCommand = Omit<CommandRecord, 'id' | 'username' | 'at'>;

/**
 * Runs a command on a device and audits it (who, what, device, parameters, result or error code, duration), whether it
 * was refused, failed or done; a failure is answered as `remoteFailure` says.
 */
export async function auditedCommand<T>(
  db: Kysely<Database>,
  request: Pick<FastifyRequest, 'auth'>,
  deviceId: number,
  command: { method: string; params: Record<string, unknown> | null },
  run: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  const record = (outcome: Pick<AuditedCommand, 'result' | 'error_code'>) =>
    writeAudit(db, request, AUDIT_ACTION, 'device', deviceId, { ...command, ...outcome, duration_ms: Date.now() - started } satisfies AuditedCommand);
  try {
    const value = await run();
    await record({ result: 0, error_code: null });
    return value;
  } catch (error) {
    const failure = remoteFailure(command.method, error);
    const result = failure.reason?.code === 'remote.device_refused' ? Number(failure.reason.params.result) : null;
    await record({ result, error_code: failure.reason?.code ?? null });
    throw failure;
  }
}

/** The device's newest commands, newest first. */
export async function commandsOf(db: Kysely<Database>, deviceId: number, limit: number): Promise<CommandRecord[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'username', 'created_at', 'detail'])
    .where('entity', '=', 'device')
    .where('entity_id', '=', String(deviceId))
    .where('action', '=', AUDIT_ACTION)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const detail = parseJson<Partial<AuditedCommand>>(row.detail, {});
    return {
      id: row.id,
      username: row.username,
      at: row.created_at,
      method: detail.method ?? '',
      params: detail.params ?? null,
      result: detail.result ?? null,
      error_code: detail.error_code ?? null,
      duration_ms: detail.duration_ms ?? 0,
    };
  });
}
