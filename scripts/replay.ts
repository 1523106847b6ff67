/**
 * npm run replay -- path/to/log.json [--until N] [--expect state.json]
 *
 * Replays a QA action log (docs/replay-log.md) through the app's real root reducer in Node, verifies its
 * checkpoints, and prints the final state as JSON — or, with --expect, the paths at which it differs from the
 * expected state. --until N stops after the entry with seq N.
 * Exit status: 0 match, 1 mismatch (a checkpoint or --expect differs), 2 bad log or bad arguments (unreadable file,
 * bad JSON, another version, schema error, unknown action type, reducer exception). Messages name the entry.
 */
import fs from 'node:fs';
import { rootReducer } from '../src/app/rootReducer';
import { isKnownActionType } from '../src/features/replay/actionRegistry';
import { parseLog } from '../src/features/replay/logValidation';
import { buildTimeline, describeDivergence, diffPaths } from '../src/features/replay/replayEngine';

export const EXIT_MATCH = 0;
export const EXIT_MISMATCH = 1;
export const EXIT_BAD_LOG = 2;

export const USAGE = 'usage: npm run replay -- path/to/log.json [--until N] [--expect state.json]';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

interface Args {
  logPath: string;
  untilSeq?: number;
  expectPath?: string;
}

function parseArgs(argv: string[]): Args | string {
  const rest = [...argv];
  let logPath: string | undefined;
  let untilSeq: number | undefined;
  let expectPath: string | undefined;
  while (rest.length) {
    const arg = rest.shift()!;
    if (arg === '--until') {
      const value = rest.shift();
      if (!value || !/^\d+$/.test(value) || Number(value) < 1) return `--until needs an entry seq (a positive integer), got ${value ?? 'nothing'}`;
      untilSeq = Number(value);
    } else if (arg === '--expect') {
      expectPath = rest.shift();
      if (!expectPath) return '--expect needs a file';
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else if (logPath) {
      return `one log at a time (got ${logPath} and ${arg})`;
    } else {
      logPath = arg;
    }
  }
  return logPath ? { logPath, untilSeq, expectPath } : 'no log file given';
}

function readText(file: string): string | { error: string } {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { error: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
}

export function main(argv: string[], io: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(`replay: ${args}\n${USAGE}\n`);
    return EXIT_BAD_LOG;
  }
  const bad = (message: string) => {
    io.err(`replay: bad log ${args.logPath}: ${message}\nnothing was replayed.\n`);
    return EXIT_BAD_LOG;
  };

  const text = readText(args.logPath);
  if (typeof text !== 'string') return bad(text.error);
  const checked = parseLog(text, isKnownActionType);
  if (!checked.ok) return bad(checked.message);
  const { log } = checked;

  let expected: unknown;
  if (args.expectPath) {
    const expectText = readText(args.expectPath);
    if (typeof expectText !== 'string') {
      io.err(`replay: ${expectText.error}\n`);
      return EXIT_BAD_LOG;
    }
    try {
      expected = JSON.parse(expectText);
    } catch (error) {
      io.err(`replay: --expect ${args.expectPath} is not valid JSON: ${(error as Error).message}\n`);
      return EXIT_BAD_LOG;
    }
  }

  const timeline = buildTimeline(rootReducer, log, { untilSeq: args.untilSeq });
  if (timeline.failure) {
    io.err(
      `replay: bad log ${args.logPath}: ${timeline.failure.message}\nreplay stopped after ${timeline.applied} of ${log.entries.length} entries; no final state.\n`,
    );
    return EXIT_BAD_LOG;
  }
  const finalState = timeline.states[timeline.applied];
  const lastSeq = timeline.applied ? log.entries[timeline.applied - 1].seq : null;
  const { checkpoints } = timeline;
  io.err(
    `replay: applied ${timeline.applied} of ${log.entries.length} entries${lastSeq === null ? '' : ` (through seq ${lastSeq})`}; ` +
      `checkpoints verified ${checkpoints.checked - (checkpoints.firstDivergence ? 1 : 0)}/${checkpoints.checked}` +
      (checkpoints.checked < checkpoints.total ? ` (${checkpoints.total - checkpoints.checked} beyond --until)` : '') +
      '\n',
  );

  let status = EXIT_MATCH;
  if (checkpoints.firstDivergence) {
    io.err(`replay: MISMATCH: ${describeDivergence(checkpoints.firstDivergence)}\n`);
    status = EXIT_MISMATCH;
  }
  if (args.expectPath) {
    // Slices the expected file does not list (e.g. added to the app after it was written) are not compared.
    let compared = finalState;
    if (expected && typeof expected === 'object' && !Array.isArray(expected) && finalState && typeof finalState === 'object') {
      const state = finalState as Record<string, unknown>;
      const skipped = Object.keys(state).filter((key) => !(key in (expected as object)));
      if (skipped.length) io.err(`replay: not compared (absent from ${args.expectPath}): ${skipped.join(', ')}\n`);
      compared = Object.fromEntries(
        Object.keys(state)
          .filter((key) => !skipped.includes(key))
          .map((key) => [key, state[key]]),
      );
    }
    const differences = diffPaths(compared, expected);
    if (differences.length) {
      io.err(`replay: MISMATCH: final state differs from ${args.expectPath} at ${differences.length} path(s):\n`);
      io.out(differences.map((d) => `${d.path}: expected ${JSON.stringify(d.expected) ?? 'nothing'}, got ${JSON.stringify(d.actual) ?? 'nothing'}\n`).join(''));
      status = EXIT_MISMATCH;
    } else {
      io.err(`replay: final state matches ${args.expectPath}\n`);
    }
  } else {
    io.out(`${JSON.stringify(finalState, null, 2)}\n`);
  }
  return status;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
