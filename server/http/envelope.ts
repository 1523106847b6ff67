import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors';

/** Every endpoint answers {code, msg, data}; `code` always equals the HTTP status. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface FieldError {
  field: string;
  message: string;
  /** Stable machine code of this field's problem (the console translates it; `message` is the English text). */
  code?: string;
  params?: ErrorParams;
}

export type ErrorParams = Record<string, string | number>;

/** Stable machine code `<area>.<reason>` of an error with its parameters: sent as `error_code` and `params`. */
export interface ErrorReason {
  code: string;
  params?: ErrorParams;
}

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: 200, msg, data };
}

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly reason?: ErrorReason,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Not logged in or the token has expired') => new HttpError(401, message);
export const forbidden = (message = 'You have no permission for this operation') => new HttpError(403, message);
export const notFound = (message = 'Requested resource not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new HttpError(409, message, errors);

const DATABASE_UNAVAILABLE = 'The database is unavailable right now; retry in a few seconds';

function fieldPath(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const fromPath = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = params && typeof params.missingProperty === 'string' ? params.missingProperty : '';
  return [fromPath, missing].filter(Boolean).join('.') || '(root)';
}

export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send({
        code: error.status,
        msg: error.message,
        data: null,
        ...(error.reason ? { error_code: error.reason.code, ...(error.reason.params ? { params: error.reason.params } : {}) } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const errors = error.validation.map((issue) => ({
        field: fieldPath(issue.instancePath, issue.params as Record<string, unknown>),
        message: issue.message ?? 'invalid',
      }));
      return reply.code(400).send({ code: 400, msg: `Invalid ${where}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, data: null, errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ code: 503, msg: DATABASE_UNAVAILABLE, data: null, error_code: 'common.database_unavailable' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ code: 500, msg: 'Server error', data: null });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    const msg = status >= 500 ? 'Server error' : error.message;
    return reply.code(status).send({ code: status, msg, data: null });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ code: 404, msg: `No route ${request.method} ${request.url.split('?')[0]}`, data: null });
  });
}
