import type { FastifyRequest } from 'fastify';
import { hashSecret, newSecret } from '../../mqtt/gateway/credentials';

/** The secret issued while handling a request, held only until that request's answer is built. */
const issued = new WeakMap<FastifyRequest, string>();

/** Columns of a new device: a dock gets a fresh MQTT secret (only its hash is stored; the answer shows it once). */
export function newDeviceSecretColumns(kind: string | undefined, request: FastifyRequest): { secret_hash?: string } {
  if (kind !== 'dock') return {};
  const secret = newSecret();
  issued.set(request, secret);
  return { secret_hash: hashSecret(secret) };
}

/** The secret issued while handling this request, if any. */
export const issuedSecret = (request: FastifyRequest): string | undefined => issued.get(request);

/** Adds the secret issued by this request (if any) to the created device in the answer. */
export function withIssuedSecret(items: Record<string, unknown>[], request: FastifyRequest): Record<string, unknown>[] {
  const secret = issuedSecret(request);
  return secret === undefined ? items : items.map((item) => ({ ...item, secret }));
}

/** A device row as the API shows it: never the secret's hash. */
export function withoutSecretHash<T extends { secret_hash?: unknown }>(row: T): Omit<T, 'secret_hash'> {
  const { secret_hash: _hash, ...rest } = row;
  return rest;
}
