import type { z } from 'zod';

/**
 * `true` only when the schema it was compiled from accepts `value` as it is (no transform, no default changes it);
 * `false` means "not sure": ask the schema. Keys the schema does not name are left on the value (the schema would
 * strip them), so its readers take only the schema's fields.
 */
export type FastCheck = (value: unknown) => boolean;

/** A schema's def as zod 4 exposes it (`schema._zod.def`); only the parts the compiler reads. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bounds of a number or string schema as one predicate, or null when it has a check this compiler does not know. */
function bounds(checks: CheckDef[], measure: (value: never) => number): ((value: never) => boolean) | null {
  const tests: ((n: number) => boolean)[] = [];
  for (const c of checks) {
    if (c.check === 'greater_than') tests.push(c.inclusive ? (n) => n >= c.value! : (n) => n > c.value!);
    else if (c.check === 'less_than') tests.push(c.inclusive ? (n) => n <= c.value! : (n) => n < c.value!);
    else if (c.check === 'number_format' && c.format === 'safeint') tests.push(Number.isSafeInteger);
    else if (c.check === 'min_length') tests.push((n) => n >= c.minimum!);
    else if (c.check === 'max_length') tests.push((n) => n <= c.maximum!);
    else return null;
  }
  return (value) => {
    const n = measure(value);
    for (const test of tests) if (!test(n)) return false;
    return true;
  };
}

/**
 * Compiles `schema` into a plain-JavaScript check for values that arrive thousands of times a second (OSD reports,
 * envelopes), where zod's general machinery costs more than the message. Objects, optionals, numbers and strings
 * with bounds, booleans, literals, unions of these and unknown are checked; anything else (a transform, a refine)
 * is "not sure" wherever it occurs, unless `known` gives the check of that exact schema (one whose transform leaves
 * the values the check passes unchanged). Table-tested against the schemas (__tests__/server/mqtt/fastCheck.test.ts).
 */
export function compileCheck(schema: z.ZodType, known: ReadonlyMap<z.ZodType, FastCheck> = new Map()): FastCheck {
  return compile(schema, known) ?? (() => false);
}

function compile(schema: z.ZodType, known: ReadonlyMap<z.ZodType, FastCheck>): FastCheck | null {
  const given = known.get(schema);
  if (given) return given;
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'unknown':
    case 'any':
      return () => true;
    case 'boolean':
      return checks.length ? null : (value) => typeof value === 'boolean';
    case 'literal': {
      const values = def.values!;
      return (value) => values.includes(value);
    }
    case 'number': {
      const inBounds = bounds(checks, (n: number) => n);
      return inBounds && ((value) => typeof value === 'number' && Number.isFinite(value) && inBounds(value as never));
    }
    case 'string': {
      const inBounds = bounds(checks, (s: string) => s.length);
      return inBounds && ((value) => typeof value === 'string' && inBounds(value as never));
    }
    case 'optional': {
      const inner = compile(def.innerType!, known);
      return inner ? (value) => value === undefined || inner(value) : (value) => value === undefined;
    }
    case 'union': {
      // zod takes the first option that passes: every option must be one whose output is its input.
      const options = def.options!.map((o) => compile(o, known));
      if (options.some((o) => o === null)) return null;
      return (value) => options.some((o) => o!(value));
    }
    case 'object': {
      if (checks.length || (def.catchall && !['unknown', 'any'].includes(defOf(def.catchall).type))) return null;
      const fields = Object.entries(def.shape!).map(([key, field]) => [key, compile(field, known) ?? (() => false)] as const);
      return (value) => {
        if (!isObject(value)) return false;
        for (const [key, check] of fields) if (!check(value[key])) return false;
        return true;
      };
    }
    default:
      return null;
  }
}

/** `schema.safeParse` with the compiled check in front: a value the check passes is returned as it is. */
export function fastParser<T>(schema: z.ZodType<T>, known?: ReadonlyMap<z.ZodType, FastCheck>): (value: unknown) => z.ZodSafeParseResult<T> {
  const check = compileCheck(schema, known);
  return (value) => (check(value) ? { success: true, data: value as T } : schema.safeParse(value));
}
