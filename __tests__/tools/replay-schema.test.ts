import fs from 'node:fs';
import path from 'node:path';
import { replayLogJsonSchema, SCHEMA_DOC_PATH } from '../../scripts/replay-schema';
import { checkLog } from '../../src/features/replay/logValidation';

/** A log as parsed JSON, loose enough to break on purpose. */
type LooseLog = Record<string, unknown> & { entries: Record<string, unknown>[]; checkpoints: Record<string, unknown>[] };

const FIXTURES = path.join(__dirname, '../fixtures/replay');
const login = () => JSON.parse(fs.readFileSync(path.join(FIXTURES, 'login.log.json'), 'utf8'));

describe('replay log schema', () => {
  it('docs/replay-log.schema.json is generated from the current zod schema (npx tsx scripts/replay-schema.ts)', () => {
    expect(JSON.parse(fs.readFileSync(SCHEMA_DOC_PATH, 'utf8'))).toEqual(replayLogJsonSchema());
  });

  it.each<[string, (log: LooseLog) => void, boolean]>([
    ['a recorded log', () => undefined, true],
    ['no recording info', (log) => delete log.recording, true],
    ['a missing initialState', (log) => delete log.initialState, false],
    ['a negative time', (log) => (log.entries[0].t = -1), false],
    ['a seq of 0', (log) => (log.entries[0].seq = 0), false],
    ['a malformed hash', (log) => (log.checkpoints[0].hash = 'sha1:abc'), false],
    ['a bad recordedAt', (log) => (log.recordedAt = 'yesterday'), false],
    ['an empty type', (log) => (log.entries[0].type = ''), false],
    ['an unknown top-level field', (log) => (log.extra = true), false],
  ])('%s: valid = %s', (_name, change, valid) => {
    const log = login();
    change(log);
    expect(checkLog(log).ok).toBe(valid);
  });
});
