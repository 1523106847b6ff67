import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { envelopeSchema, parseEnvelope } from '@shared/dji/envelope';
import { compileCheck, fastParser } from '@shared/dji/fastCheck';
import { normaliseOsd } from '@shared/dji/live';
import { aircraftOsdSchema, dockOsdSchema, flagSchema, rcOsdSchema } from '@shared/dji/osd';
import { aircraftOsd, dockOsd, remoteControllerOsd } from '../../../scripts/simulator/osd';
import { DJI_FIXTURES } from '../../support/djiFixtures';

/**
 * The compiled OSD and envelope checks (shared/dji/fastCheck.ts) against the zod schemas they are compiled from, on
 * DJI's own example messages, what the simulator sends, and each of those with one field made wrong: the same
 * messages are accepted and rejected, an accepted one reads the same, and DJI's common shapes take the fast path.
 */

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(DJI_FIXTURES, 'mqtt', file), 'utf8')) as { data: Record<string, unknown> };
const dji = (prefix: string) =>
  fs
    .readdirSync(path.join(DJI_FIXTURES, 'mqtt'))
    .filter((f) => f.startsWith(prefix))
    .map((f) => [f, read(f)] as const);

const sample = {
  lat: 22.54,
  lng: 114.05,
  elevation: 80,
  heading: 90,
  horizontalSpeed: 5,
  verticalSpeed: 0,
  batteryPercent: 80,
  remainFlightTime: 1000,
  modeCode: 5,
  homeDistance: 100,
  flightTime: 60,
  flying: true,
};

const FLAGS = new Map([[flagSchema, (value: unknown) => value === 0 || value === 1]]);
const KINDS = [
  {
    kind: 'aircraft' as const,
    schema: aircraftOsdSchema,
    messages: [
      ...dji('doc_dock1_aircraft_osd').map(([f, m]) => [f, m.data] as const),
      ['simulator', aircraftOsd(sample, { homeHeight: 20, totalFlightDistance: 123, seconds: 10 })] as const,
    ],
  },
  {
    kind: 'dock' as const,
    schema: dockOsdSchema,
    messages: [
      ...dji('doc_dock1_osd_').map(([f, m]) => [f, m.data] as const),
      ...dji('doc_dock2_osd_').map(([f, m]) => [f, m.data] as const),
      ['simulator', dockOsd({ position: sample, height: 20, droneInDock: true, droneBatteryPercent: 70, working: false, seconds: 10 })] as const,
    ],
  },
  {
    kind: 'remote_controller' as const,
    schema: rcOsdSchema,
    messages: [['simulator', remoteControllerOsd(sample, 20, 80, 10)] as const],
  },
];

/** Wrong values of every sort a field can have, and edge values on the bounds. */
const WRONG: unknown[] = [null, 'x', '1', true, false, [], {}, [1], -1, 0, 0.5, 1, 2, 3, 1e9, -1e9, 360.5, 2 ** 53, '', 'a'.repeat(65)];

/** Every path to a leaf of the schema (the fields of nested objects too). */
function leafPaths(schema: z.ZodType, prefix: string[] = []): string[][] {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> } } })._zod.def;
  if (def.type === 'optional') return leafPaths(def.innerType!, prefix);
  if (def.type !== 'object') return [prefix];
  return [prefix, ...Object.entries(def.shape!).flatMap(([key, field]) => leafPaths(field, [...prefix, key]))];
}

function withValue(message: Record<string, unknown>, at: string[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  const inner = message[head];
  return { ...message, [head]: withValue(inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}, rest, value) };
}

/** The fields the schema reads, as it returns them (zod drops the keys it does not name). */
function named(schema: z.ZodType, value: unknown): unknown {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> } } })._zod.def;
  if (def.type === 'optional') return value === undefined ? undefined : named(def.innerType!, value);
  if (def.type !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(def.shape!)
      .filter(([key]) => record[key] !== undefined)
      .map(([key, field]) => [key, named(field, record[key])]),
  );
}

describe('the compiled OSD checks against the zod schemas', () => {
  for (const { kind, schema, messages } of KINDS) {
    const fast = fastParser(schema, FLAGS);
    const check = compileCheck(schema, FLAGS);

    it.each(messages)(`${kind}: %s takes the fast path and reads as the schema reads it`, (_name, message) => {
      expect(schema.safeParse(message).success).toBe(true);
      expect(check(message)).toBe(true);
      expect(named(schema, message)).toEqual(schema.parse(message));
      expect(normaliseOsd('SN1', kind, message, 1)).toEqual(normaliseOsd('SN1', kind, schema.parse(message), 1));
    });

    it(`${kind}: every field made wrong or put on a bound is accepted or rejected as the schema does`, () => {
      let cases = 0;
      let rejected = 0;
      for (const [, message] of messages)
        for (const at of leafPaths(schema))
          for (const value of [...WRONG, undefined]) {
            const input = withValue(message as Record<string, unknown>, at, value);
            const expected = schema.safeParse(input);
            const actual = fast(input);
            cases++;
            if (!expected.success) rejected++;
            expect({ at, value, success: actual.success }).toEqual({ at, value, success: expected.success });
            // The check never passes what the schema would turn into something else.
            if (check(input)) expect(named(schema, input)).toEqual(expected.data);
          }
      expect(rejected).toBeGreaterThan(cases / 4);
    });
  }

  it('a flag sent as true or false is read by the schema (0/1 by the fast path)', () => {
    const dock = KINDS[1];
    const check = compileCheck(dock.schema, FLAGS);
    const message = { ...(dock.messages[0][1] as Record<string, unknown>), drone_in_dock: true };
    expect(check(message)).toBe(false);
    expect(normaliseOsd('D1', 'dock', message, 1)).toMatchObject({ ok: true, live: { dock: { droneInDock: 1 } } });
  });

  it('a transform or refinement the compiler does not know is left to the schema', () => {
    const schema = z.object({
      a: z.number().optional(),
      b: z.string().trim().optional(),
      c: z
        .number()
        .refine((n) => n % 2 === 0)
        .optional(),
    });
    const check = compileCheck(schema);
    expect(check({ a: 1 })).toBe(true);
    expect(check({ a: 1, b: ' x ' })).toBe(false);
    expect(check({ c: 3 })).toBe(false);
    expect(compileCheck(z.union([z.string().transform((s) => s.length), z.string()]))('x')).toBe(false);
  });
});

describe('the compiled envelope check against the zod schema', () => {
  const envelopes = fs
    .readdirSync(path.join(DJI_FIXTURES, 'mqtt'))
    .map((f) => [f, read(f)] as const)
    .filter(([, m]) => typeof (m as { tid?: unknown }).tid === 'string');
  const check = compileCheck(envelopeSchema);

  it.each(envelopes)('%s reads as the schema reads it', (_name, message) => {
    const raw = Buffer.from(JSON.stringify(message));
    const expected = envelopeSchema.safeParse(message);
    expect(check(message)).toBe(expected.success);
    const parsed = parseEnvelope(raw);
    if (parsed.ok) expect(named(envelopeSchema, parsed.envelope)).toEqual({ ...expected.data, data: expected.data!.data ?? {} });
  });

  it('every field made wrong is accepted or rejected as the schema does', () => {
    const base = { tid: 't', bid: 'b', timestamp: 1, method: 'm', gateway: 'g', need_reply: 1, data: {} };
    for (const key of Object.keys(base))
      for (const value of [...WRONG, undefined]) {
        const input = { ...base, [key]: value };
        expect({ key, value, success: fastParser(envelopeSchema)(input).success }).toEqual({ key, value, success: envelopeSchema.safeParse(input).success });
      }
  });
});
