import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ALL_ERROR_CODES, type ErrorReason } from '@shared/errorCodes';
import { issueReason, zodIssueReason } from '@shared/validationIssues';

const reasonOf = (schema: z.ZodType, value: unknown): ErrorReason => zodIssueReason(schema.safeParse(value).error!.issues[0]);

describe('zodIssueReason', () => {
  const table: [string, z.ZodType, unknown, ErrorReason][] = [
    ['missing value', z.object({ a: z.string() }), {}, { code: 'field.required' }],
    ['empty required text', z.string().min(1), '', { code: 'field.required' }],
    ['wrong type', z.number(), 'x', { code: 'field.invalid_type', params: { expected: 'number' } }],
    ['long text', z.string().max(3), 'abcd', { code: 'field.too_long', params: { maximum: 3 } }],
    ['short text', z.string().min(3), 'ab', { code: 'field.too_short', params: { minimum: 3 } }],
    ['long list', z.array(z.number()).max(1), [1, 2], { code: 'field.too_many', params: { maximum: 1 } }],
    ['short list', z.array(z.number()).min(2), [1], { code: 'field.too_few', params: { minimum: 2 } }],
    ['big number', z.number().max(100), 101, { code: 'field.too_big', params: { maximum: 100 } }],
    ['small number', z.number().min(0), -1, { code: 'field.too_small', params: { minimum: 0 } }],
    ['bad format', z.email(), 'nope', { code: 'field.invalid_format', params: { format: 'email' } }],
    ['not an option', z.enum(['a', 'b']), 'c', { code: 'field.invalid_value' }],
    ['unknown keys', z.strictObject({}), { x: 1, y: 2 }, { code: 'field.unknown_keys', params: { keys: 'x, y' } }],
    ['plain refinement', z.string().refine(() => false, 'bad'), 'x', { code: 'field.invalid' }],
    [
      'refinement naming its reason',
      z.string().refine(() => false, { message: 'bad', params: issueReason({ code: 'field.before', params: { other: 'from' } }) }),
      'x',
      { code: 'field.before', params: { other: 'from' } },
    ],
  ];
  it.each(table)('%s', (_name, schema, value, expected) => expect(reasonOf(schema, value)).toEqual(expected));

  it('reads a missing value from `input` while zod builds the message', () => {
    expect(zodIssueReason({ code: 'invalid_type', expected: 'string', input: undefined, path: [] })).toEqual({ code: 'field.required' });
    expect(zodIssueReason({ code: 'invalid_type', expected: 'string', input: 5, path: [] })).toEqual({
      code: 'field.invalid_type',
      params: { expected: 'string' },
    });
  });
});

describe('docs/api.md', () => {
  it('lists every error code', () => {
    const docs = readFileSync(path.join(__dirname, '../../../docs/api.md'), 'utf8');
    const listed = new Set([...docs.matchAll(/`((?:[a-z_]+)\.[a-z_]+)`/g)].map((m) => m[1]));
    expect(ALL_ERROR_CODES.filter((code) => !listed.has(code))).toEqual([]);
  });
});
