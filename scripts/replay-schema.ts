/**
 * npx tsx scripts/replay-schema.ts — writes docs/replay-log.schema.json, the JSON Schema of the QA action log for
 * readers and other tools, generated from the zod schema the console and the CLI validate with
 * (src/features/replay/logSchema.ts); run Prettier on it afterwards. __tests__/tools/replay-schema.test.ts fails when
 * the file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { actionLogSchema } from '../src/features/replay/logSchema';

export const SCHEMA_DOC_PATH = path.join(__dirname, '../docs/replay-log.schema.json');

export function replayLogJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(actionLogSchema, { target: 'draft-7' }), $id: 'https://skyline-ops.example/schemas/replay-log-v1.json' };
}

if (require.main === module) {
  fs.writeFileSync(SCHEMA_DOC_PATH, `${JSON.stringify(replayLogJsonSchema(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_DOC_PATH)}`);
}
