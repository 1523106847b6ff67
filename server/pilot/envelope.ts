import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { errorAnswer, type HttpError } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import type { PermissionCode } from '@shared/permissions';

/**
 * DJI's HTTPS conventions for Pilot 2 (shared/spec/dji-cloud-api-next.md §3): the login token in `X-Auth-Token`,
 * answers `{code: 0, message: "success", data}`, errors with a non-zero `code` and a `message`. A missing or bad
 * token is HTTP 401, which makes Pilot 2 leave the cloud, so nothing else is.
 */

/** The X-Auth-Token header (Node lowercases header names, so any spelling Pilot sends matches). */
export function pilotToken(request: FastifyRequest): string | null {
  const header = request.headers['x-auth-token'];
  const token = Array.isArray(header) ? header[0] : header;
  return token?.trim() || null;
}

/** preValidation hook of a Pilot call: the X-Auth-Token session must grant `code` (null: any signed-in user). */
export const requirePilot = (app: FastifyInstance, code: PermissionCode | null) => requirePermission(app, code, pilotToken);

export const pilotOk = <T>(data: T) => ({ code: 0, message: 'success', data });

/**
 * Errors of Pilot calls in DJI's shape: `code` is the HTTP status (never 0), `message` the reason in English, plus the
 * platform's stable `error_code` (and field `errors`) the console would translate.
 */
export function registerPilotErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, headers, body } = errorAnswer(error, request);
    const { msg, code, ...rest } = body;
    return reply
      .code(status)
      .headers(headers ?? {})
      .send({ ...rest, code, message: msg });
  });
}
