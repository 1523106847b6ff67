import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_PATH, generateValidatorSource } from '../../scripts/replay-codegen';
import { schemaValidator } from '../../scripts/replay';
import standalone from '../../src/features/replay/logSchemaValidator.generated';

const FIXTURES = path.join(__dirname, '../fixtures/replay');
const login = () => JSON.parse(fs.readFileSync(path.join(FIXTURES, 'login.log.json'), 'utf8'));

describe('replay log schema', () => {
  it('the browser validator is generated from the current docs/replay-log.schema.json (npx tsx scripts/replay-codegen.ts)', () => {
    expect(fs.readFileSync(GENERATED_PATH, 'utf8')).toBe(generateValidatorSource());
  });

  it.each<[string, (log: Record<string, any>) => void, boolean]>([
    ['a recorded log', () => undefined, true],
    ['no recording info', (log) => delete log.recording, true],
    ['a missing initialState', (log) => delete log.initialState, false],
    ['a negative time', (log) => (log.entries[0].t = -1), false],
    ['a seq of 0', (log) => (log.entries[0].seq = 0), false],
    ['a malformed hash', (log) => (log.checkpoints[0].hash = 'sha1:abc'), false],
    ['a bad recordedAt', (log) => (log.recordedAt = 'yesterday'), false],
    ['an empty type', (log) => (log.entries[0].type = ''), false],
    ['an unknown top-level field', (log) => (log.extra = true), false],
  ])('%s: valid = %s, in Node and in the browser build alike', (_name, change, valid) => {
    const log = login();
    change(log);
    expect(schemaValidator()(log)).toBe(valid);
    expect(standalone(log)).toBe(valid);
  });
});
