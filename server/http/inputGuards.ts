import type { FastifyInstance } from 'fastify';
import { invalidInput, type FieldError } from './envelope';

/** Deeper JSON than any API shape needs (a GeoJSON MultiPolygon inside a body is about 6). */
export const MAX_INPUT_DEPTH = 32;
// Tab, line feed and carriage return are text; every other C0 control character and DEL is refused (PostgreSQL cannot store NUL).
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/; // eslint-disable-line no-control-regex

/** Fields of a parsed query/body that hold control characters or nest too deep. Iterative, so any depth is safe. */
export function inputProblems(value: unknown): FieldError[] {
  const problems: FieldError[] = [];
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (pending.length) {
    const { value: item, path, depth } = pending.pop()!;
    const field = path || '(root)';
    if (typeof item === 'string') {
      if (CONTROL_CHARACTER.test(item)) problems.push({ field, message: 'contains a control character', code: 'field.control_character' });
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_INPUT_DEPTH) {
        problems.push({ field, message: `is nested deeper than ${MAX_INPUT_DEPTH} levels`, code: 'field.too_deep', params: { levels: MAX_INPUT_DEPTH } });
        continue;
      }
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (CONTROL_CHARACTER.test(key)) problems.push({ field: childPath, message: 'name contains a control character', code: 'field.control_character' });
        else pending.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return problems.reverse();
}

/** 400 naming the fields when `value` holds control characters or nests too deep. */
export function assertCleanInput(value: unknown, where: 'query' | 'params' | 'body'): void {
  const problems = inputProblems(value);
  if (problems.length) throw invalidInput(where, problems);
}

/** Checks every route's query, path parameters and JSON body before validation (multipart bodies: see crud readInput). */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertCleanInput(request.query, 'query');
    assertCleanInput(request.params, 'params');
    assertCleanInput(request.body, 'body');
  });
}
