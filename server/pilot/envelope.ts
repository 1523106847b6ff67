import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessage } from '@shared/errorMessage';
import { errorAnswer, type HttpError } from '../http/envelope';
import { requestLanguage } from '../http/language';
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
 * Errors of Pilot calls in DJI's shape: `code` is the HTTP status (never 0), `message` the reason in the caller's
 * language (Accept-Language or `?lang`: zh-cn unless English is asked for; Pilot 2 shows it as it is), written from
 * the console's own texts of the platform's stable `error_code`, which is sent too (with the field `errors`).
 */
export function registerPilotErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, headers, body } = errorAnswer(error, request);
    const { msg: _english, code, ...rest } = body;
    const message = errorMessage(requestLanguage(request), body.error_code, body.params, body.errors);
    // Pilot 2 shows nothing but the message: it names the field an invalid input fails on.
    const field = body.errors?.[0]?.field;
    return reply
      .code(status)
      .headers(headers ?? {})
      .send({ ...rest, code, message: field ? `${message} (${field})` : message });
  });
}
