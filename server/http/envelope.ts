import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode, ErrorEntity, ErrorParamValue, ErrorReason } from '@shared/errorCodes';
import { isDatabaseUnavailable } from '../db/errors';
import { zodIssueReason } from '@shared/validationIssues';

export type { ErrorCode, ErrorReason } from '@shared/errorCodes';

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
  code?: ErrorCode;
  params?: Record<string, ErrorParamValue>;
}

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: 200, msg, data };
}

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ code: z.number(), msg: z.string(), data });

/**
 * An error answer: the English `message` (for logs and API users) and the stable reason `{code, params}` of
 * shared/errorCodes.ts the console translates. Without a reason the envelope sends the status's generic code.
 */
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

export const badRequest = (message: string, errors?: FieldError[], reason?: ErrorReason) => new HttpError(400, message, errors, reason);
export const unauthorized = (message = 'Not logged in or the token has expired', reason: ErrorReason = { code: 'auth.token_invalid' }) =>
  new HttpError(401, message, undefined, reason);
export const forbidden = (message = 'You have no permission for this operation', reason?: ErrorReason) => new HttpError(403, message, undefined, reason);
export const notFound = (message = 'Requested resource not found', reason?: ErrorReason) => new HttpError(404, message, undefined, reason);
export const conflict = (message: string, errors?: FieldError[], reason?: ErrorReason) => new HttpError(409, message, errors, reason);

/** Why a rule refuses a request: the English message and the stable reason (see HttpError). */
export interface Refusal {
  message: string;
  reason: ErrorReason;
}

/** 409 for a refusal of a rule over stored state (a row's workflow status, the built-in admin role). */
export const refusedConflict = (refusal: Refusal) => conflict(refusal.message, undefined, refusal.reason);

/** 400 for input that failed validation: the message lists the fields, the field errors carry their codes. */
export function invalidInput(where: string, errors: FieldError[]): HttpError {
  return badRequest(`Invalid ${where}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors, {
    code: 'common.invalid_input',
    params: { where },
  });
}

/** 429 with the seconds until the window lets the caller in again. */
export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many requests, retry in ${retryAfterSeconds} s`, undefined, {
    code: 'common.rate_limited',
    params: { retry_after_s: retryAfterSeconds },
  });

/** 404 for a row id that does not exist (or is not visible to the caller). */
export const rowNotFound = (entity: ErrorEntity, id: number | string) =>
  notFound(`No ${entity} with id ${id}`, { code: 'common.row_not_found', params: { entity, id } });

/** The field path of a zod issue: "a.b", or "(root)" for the whole value. */
export const issueField = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(root)';

/** Field errors of zod issues, each with its stable code and params. */
export function zodFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ field: issueField(issue.path), message: issue.message, ...zodIssueReason(issue) }));
}

/** The generic code of a status, for errors raised without a reason (Fastify's own, other plugins'). */
export function statusReason(status: number): ErrorReason {
  if (status === 401) return { code: 'auth.not_logged_in' };
  if (status === 403) return { code: 'auth.forbidden' };
  if (status === 404) return { code: 'common.not_found' };
  if (status === 409) return { code: 'common.conflict' };
  if (status === 413) return { code: 'common.payload_too_large' };
  if (status === 415) return { code: 'common.unsupported_media_type' };
  if (status === 429) return { code: 'common.rate_limited', params: { retry_after_s: 0 } };
  if (status >= 500) return { code: 'common.server_error' };
  return { code: 'common.bad_request' };
}

/** Fastify's own 400s that have a reason of their own. */
const FASTIFY_REASONS: Record<string, ErrorReason> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'common.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'common.invalid_json' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'common.unsupported_media_type' },
};

const reasonFields = (reason: ErrorReason) => ({ error_code: reason.code, ...(reason.params ? { params: reason.params } : {}) });

const DATABASE_UNAVAILABLE = 'The database is unavailable right now; retry in a few seconds';

function fieldPath(instancePath: string | undefined, params: Record<string, unknown> | undefined): string {
  const fromPath = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = params && typeof params.missingProperty === 'string' ? params.missingProperty : '';
  return [fromPath, missing].filter(Boolean).join('.') || '(root)';
}

/** An error's answer: its status, the envelope (with `code` equal to the status) and any extra headers. */
export interface ErrorAnswer {
  status: number;
  body: { code: number; msg: string; data: null; error_code: ErrorCode; params?: Record<string, ErrorParamValue>; errors?: FieldError[] };
  headers?: Record<string, string>;
}

/** The answer to any error a route raised (HttpError, schema validation, database down, Fastify's own), logged as needed. */
export function errorAnswer(error: FastifyError | HttpError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: {
        code: error.status,
        msg: error.message,
        data: null,
        ...reasonFields(error.reason ?? statusReason(error.status)),
        ...(error.errors ? { errors: error.errors } : {}),
      },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'request';
    const errors = error.validation.map((issue) => ({
      field: fieldPath(issue.instancePath, issue.params as Record<string, unknown>),
      message: issue.message ?? 'invalid',
      ...zodIssueReason({ ...issue.params, code: issue.keyword, message: issue.message } as z.core.$ZodIssue),
    }));
    const invalid = invalidInput(where, errors);
    return { status: 400, body: { code: 400, msg: invalid.message, data: null, ...reasonFields(invalid.reason!), errors } };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      headers: { 'Retry-After': '5' },
      body: { code: 503, msg: DATABASE_UNAVAILABLE, data: null, ...reasonFields({ code: 'common.database_unavailable' }) },
    };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return { status: 500, body: { code: 500, msg: 'Server error', data: null, ...reasonFields(statusReason(500)) } };
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'unhandled error');
  const msg = status >= 500 ? 'Server error' : error.message;
  const reason = (error.code && FASTIFY_REASONS[error.code]) || statusReason(status);
  return { status, body: { code: status, msg, data: null, ...reasonFields(reason) } };
}

export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const answer = errorAnswer(error, request);
    return reply
      .code(answer.status)
      .headers(answer.headers ?? {})
      .send(answer.body);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply.code(404).send({
      code: 404,
      msg: `No route ${request.method} ${path}`,
      data: null,
      ...reasonFields({ code: 'common.no_route', params: { method: request.method, path } }),
    });
  });
}
