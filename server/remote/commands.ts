import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { remoteErrorMeaning } from '@shared/dji/remoteDebug';
import { writeAudit } from '../api/audit';
import type { Database } from '../db/schema';
import { parseJson } from '../db/json';
import { HttpError } from '../http/envelope';
import type { Capability } from '../mqtt/gateway/registry';

/** The part of the device gateway remote operations use (server/mqtt/gateway/service.ts). */
export interface RemoteLink {
  sendService(gatewaySn: string, method: string, data: Record<string, unknown> | null, options?: { timeoutMs?: number }): Promise<Record<string, unknown>>;
  register(capability: Capability): void;
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
