import type { z } from 'zod';
import { isErrorCode, type ErrorParamValue, type ErrorReason } from './errorCodes';

/** What a zod issue may carry: `input` only while zod builds the message (client error map), not in a finished issue. */
export type IssueLike = z.core.$ZodIssue | (z.core.$ZodRawIssue & { message?: string });

/**
 * Params of a refinement that names its own reason, e.g. `.refine(check, { message, params: issueReason({ code:
 * 'field.not_before', params: { other: 'from' } }) })`: zodIssueReason then reports that code instead of "invalid".
 */
export const issueReason = (reason: ErrorReason) => ({ reason });

const plainParams = (value: unknown): Record<string, ErrorParamValue> =>
  Object.fromEntries(
    Object.entries(value && typeof value === 'object' ? value : {}).filter(
      (entry): entry is [string, ErrorParamValue] => typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );

/** A missing value: zod keeps `input` only while building the message; a finished issue says it in the message. */
const isMissing = (issue: IssueLike) => ('input' in issue ? issue.input === undefined : / received undefined$/.test(issue.message ?? ''));

const limit = (value: unknown): number => (typeof value === 'bigint' ? Number(value) : typeof value === 'number' ? value : 0);

/** The stable code and params (shared/errorCodes.ts `field.*`) of one zod issue: the server sends it, the console translates it. Pure. */
export function zodIssueReason(issue: IssueLike): ErrorReason {
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue) ? { code: 'field.required' } : { code: 'field.invalid_type', params: { expected: String(issue.expected) } };
    case 'too_big': {
      const maximum = limit(issue.maximum);
      if (issue.origin === 'string') return { code: 'field.too_long', params: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'field.too_many', params: { maximum } };
      return { code: 'field.too_big', params: { maximum } };
    }
    case 'too_small': {
      const minimum = limit(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? { code: 'field.required' } : { code: 'field.too_short', params: { minimum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'field.too_few', params: { minimum } };
      return { code: 'field.too_small', params: { minimum } };
    }
    case 'invalid_format':
      return { code: 'field.invalid_format', params: { format: String(issue.format) } };
    case 'invalid_value':
      return { code: 'field.invalid_value' };
    case 'unrecognized_keys':
      return { code: 'field.unknown_keys', params: { keys: (issue.keys ?? []).join(', ') } };
    case 'custom': {
      const named = (issue.params as { reason?: { code?: unknown; params?: unknown } } | undefined)?.reason;
      if (named && isErrorCode(named.code)) return { code: named.code, params: plainParams(named.params) } as ErrorReason;
      return { code: 'field.invalid' };
    }
    default:
      return { code: 'field.invalid' };
  }
}
