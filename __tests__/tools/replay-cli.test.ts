import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXIT_BAD_LOG, EXIT_MATCH, EXIT_MISMATCH, main } from '../../scripts/replay';

const FIXTURES = path.join(__dirname, '../fixtures/replay');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.log.json`), 'utf8'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-cli-'));
let n = 0;
const write = (content: unknown) => {
  const file = path.join(tmp, `f${n++}.json`);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = main(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('npm run replay', () => {
  it('prints the final state and exits 0 when every checkpoint matches', () => {
    const { code, out, err } = run(path.join(FIXTURES, 'login.log.json'));
    expect(code).toBe(EXIT_MATCH);
    expect(JSON.parse(out).auth).toMatchObject({ token: null, user: null });
    expect(err).toContain('checkpoints verified 3/3');
  });

  it('exits 0 when the final state equals --expect', () => {
    const { code, out } = run(path.join(FIXTURES, 'tab-overflow.log.json'), '--expect', path.join(FIXTURES, 'tab-overflow.expected.json'));
    expect(code).toBe(EXIT_MATCH);
    expect(out).toBe('');
  });

  it('lists the differing paths and exits 1 when the state differs from --expect', () => {
    const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'broker-reconnect.expected.json'), 'utf8'));
    expected.broker.status = 'connected';
    expected.locale.extra = 1;
    const { code, out, err } = run(path.join(FIXTURES, 'broker-reconnect.log.json'), '--expect', write(expected));
    expect(code).toBe(EXIT_MISMATCH);
    expect(out).toBe('broker.status: expected "connected", got "closed"\nlocale.extra: expected 1, got nothing\n');
    expect(err).toContain('2 path(s)');
  });

  it('stops after the entry named by --until', () => {
    const { code, out, err } = run(path.join(FIXTURES, 'broker-reconnect.log.json'), '--until', '5');
    expect(code).toBe(EXIT_MATCH);
    expect(JSON.parse(out).broker).toMatchObject({ status: 'connected', lastError: null });
    expect(err).toContain('applied 5 of 18 entries (through seq 5); checkpoints verified 1/1 (3 beyond --until)');
  });

  it('names the first checkpoint where the state diverged and exits 1', () => {
    const log = fixture('tab-overflow');
    log.entries[7].payload.title = 'menu.tampered'; // seq 8; checkpoints at 5, 10, …
    const { code, err } = run(write(log));
    expect(code).toBe(EXIT_MISMATCH);
    expect(err).toContain('MISMATCH: state diverged from the recording in entries seq 6…10 (state still matched after seq 5)');
  });

  it.each<[string, () => string, RegExp]>([
    ['an unreadable file', () => path.join(tmp, 'missing.json'), /cannot read .*missing\.json: ENOENT/],
    ['bad JSON', () => write('{"format": "skyline-action-log", '), /not valid JSON/],
    ['another version', () => write({ ...fixture('login'), version: 2 }), /log version 2 is not supported \(this build reads version 1\)/],
    ['not a log at all', () => write([1, 2]), /not a Skyline action log/],
    [
      'a schema error in an entry',
      () => {
        const log = fixture('login');
        delete log.entries[3].type;
        return write(log);
      },
      /entries\[3\] \(seq 4\): must have required property 'type'/,
    ],
    [
      'an unknown property in an entry',
      () => {
        const log = fixture('login');
        log.entries[1].extra = 1;
        return write(log);
      },
      /entries\[1\] \(seq 2\): must NOT have additional properties \("extra"\)/,
    ],
    [
      'an unknown action type',
      () => {
        const log = fixture('project-join-exit');
        log.entries[4].type = 'project/teleported';
        return write(log);
      },
      /entries\[4\] \(seq 5\): unknown action type "project\/teleported"/,
    ],
    [
      'seqs out of order',
      () => {
        const log = fixture('project-join-exit');
        log.entries[2].seq = 1;
        return write(log);
      },
      /entries\[2\] \(seq 1\): seq must be greater/,
    ],
    [
      'a checkpoint naming no entry',
      () => {
        const log = fixture('project-join-exit');
        log.checkpoints[0].seq = 99;
        return write(log);
      },
      /checkpoints\[0\]: no entry has seq 99/,
    ],
  ])('rejects %s with exit 2 and applies nothing', (_name, makeFile, message) => {
    const { code, out, err } = run(makeFile());
    expect(code).toBe(EXIT_BAD_LOG);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toContain('nothing was replayed');
  });

  it('exits 2 naming the entry when a reducer throws, without printing a state', () => {
    const log = fixture('tab-overflow');
    log.entries[3].payload = null; // tabs/pageOpened with no tab
    const { code, out, err } = run(write(log));
    expect(code).toBe(EXIT_BAD_LOG);
    expect(out).toBe('');
    // The count is the fixture's own (re-recorded fixtures change it), so the test pins only where replay stopped.
    expect(err).toMatch(
      new RegExp(`entries\\[3\\] \\(seq 4\\) "tabs/pageOpened": reducer threw: .*\\nreplay stopped after 3 of ${log.entries.length} entries; no final state`),
    );
  });

  it.each([[[]], [['a.json', 'b.json']], [['a.json', '--until', 'x']], [['a.json', '--frobnicate']]])('exits 2 on bad arguments %j', (argv) => {
    const { code, err } = run(...argv);
    expect(code).toBe(EXIT_BAD_LOG);
    expect(err).toContain('usage: npm run replay');
  });

  it('exits 2 when --expect is not JSON', () => {
    expect(run(path.join(FIXTURES, 'login.log.json'), '--expect', write('nope')).code).toBe(EXIT_BAD_LOG);
  });

  it('sets the process exit status when run through tsx', () => {
    const root = path.join(__dirname, '../..');
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const ok = spawnSync(
      tsx,
      ['scripts/replay.ts', path.join(FIXTURES, 'language-switch.log.json'), '--expect', path.join(FIXTURES, 'language-switch.expected.json')],
      { cwd: root, encoding: 'utf8' },
    );
    expect(ok.status).toBe(0);
    const bad = spawnSync(tsx, ['scripts/replay.ts', write('{')], { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not valid JSON');
  });
});
