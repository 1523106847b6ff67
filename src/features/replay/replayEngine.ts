import type { Reducer } from '@reduxjs/toolkit';
import type { ActionLog } from './logFormat';
import { nameEntry } from './logValidation';
import { toAction } from './recorder';
import { canonicalJson, hashSlices } from './stateHash';

/** Probe action that completes an older log's initial state with the slices added since. */
export const REPLAY_INIT = '@@skyline-replay/init';

export interface ReplayFailure {
  index: number;
  seq: number;
  message: string;
}

export interface CheckpointReport {
  /** Checkpoints at or before the last applied entry that were compared. */
  checked: number;
  total: number;
  /** The first checkpoint whose hash differs; the divergence happened in entries afterSeq+1 … seq. */
  firstDivergence: { seq: number; index: number; afterSeq: number | null; expected: string; actual: string } | null;
}

export interface Timeline {
  /** states[i] = state after the first i entries; states[0] = initialState (plus any slice added since). */
  states: unknown[];
  /** How many entries were applied (entries up to --until, fewer if a reducer threw). */
  applied: number;
  failure: ReplayFailure | null;
  checkpoints: CheckpointReport;
}

/**
 * Replays a checked log (logValidation.checkLog) through the reducer, keeping every intermediate state (they share
 * structure, so this is cheap), and verifies the checkpoints on the way. Stops at the first reducer exception.
 * `untilSeq`: apply only the entries whose seq is ≤ untilSeq.
 */
export function buildTimeline(reducer: Reducer, log: ActionLog, options: { untilSeq?: number } = {}): Timeline {
  const { untilSeq = Infinity } = options;
  const expected = new Map(log.checkpoints.map((c, index) => [c.seq, { hash: c.hash, index }]));
  // Slices added to the app since the recording start from their own initial state (reducers return the state they
  // are given for an action they do not handle), so they do not show up as changed by the first entry.
  const start: unknown = reducer(log.initialState, { type: REPLAY_INIT });
  const states: unknown[] = [start];
  const report: CheckpointReport = { checked: 0, total: log.checkpoints.length, firstDivergence: null };
  let lastGoodSeq: number | null = null;
  let failure: ReplayFailure | null = null;
  let state: unknown = start;
  const sliceKeys = Object.keys(log.initialState);
  for (let i = 0; i < log.entries.length; i++) {
    const entry = log.entries[i];
    if (entry.seq > untilSeq) break;
    try {
      state = reducer(state, toAction(entry));
    } catch (error) {
      failure = {
        index: i,
        seq: entry.seq,
        message: `${nameEntry(log, i)} "${entry.type}": reducer threw: ${error instanceof Error ? error.message : String(error)}`,
      };
      break;
    }
    states.push(state);
    const checkpoint = expected.get(entry.seq);
    if (checkpoint) {
      report.checked += 1;
      const actual = hashSlices(state, sliceKeys);
      if (actual === checkpoint.hash) lastGoodSeq = entry.seq;
      else if (!report.firstDivergence) report.firstDivergence = { seq: entry.seq, index: i, afterSeq: lastGoodSeq, expected: checkpoint.hash, actual };
    }
  }
  return { states, applied: states.length - 1, failure, checkpoints: report };
}

export function describeDivergence(d: NonNullable<CheckpointReport['firstDivergence']>): string {
  const range =
    d.afterSeq === null ? `at or before entry seq ${d.seq}` : `in entries seq ${d.afterSeq + 1}…${d.seq} (state still matched after seq ${d.afterSeq})`;
  return `state diverged from the recording ${range}: checkpoint at seq ${d.seq} expected ${d.expected}, got ${d.actual}`;
}

/** Top-level keys (slices) whose value is not the same object in `next` as in `prev`. */
export function changedSlices(prev: unknown, next: unknown): string[] {
  if (prev === next) return [];
  const a = (prev ?? {}) as Record<string, unknown>;
  const b = (next ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => a[key] !== b[key]).sort();
}

export interface PathDifference {
  path: string;
  expected: unknown;
  actual: unknown;
}

const pathOf = (base: string, key: string | number) =>
  typeof key === 'number' ? `${base}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? (base ? `${base}.${key}` : key) : `${base}[${JSON.stringify(key)}]`;

/** The paths at which two JSON values differ (compared with JSON semantics: undefined properties do not exist). */
export function diffPaths(actual: unknown, expected: unknown, limit = 200): PathDifference[] {
  const out: PathDifference[] = [];
  const normal = (v: unknown) => (v === undefined ? undefined : JSON.parse(canonicalJson(v)));
  const walk = (a: unknown, e: unknown, path: string) => {
    if (out.length >= limit) return;
    const bothArrays = Array.isArray(a) && Array.isArray(e);
    const bothObjects = !bothArrays && a !== null && e !== null && typeof a === 'object' && typeof e === 'object' && !Array.isArray(a) && !Array.isArray(e);
    if (bothArrays) {
      const n = Math.max(a.length, e.length);
      for (let i = 0; i < n; i++) walk(a[i], e[i], pathOf(path, i));
    } else if (bothObjects) {
      const ao = a as Record<string, unknown>;
      const eo = e as Record<string, unknown>;
      for (const key of [...new Set([...Object.keys(ao), ...Object.keys(eo)])].sort()) walk(ao[key], eo[key], pathOf(path, key));
    } else if (canonicalJson(a) !== canonicalJson(e) || (a === undefined) !== (e === undefined)) {
      out.push({ path: path || '(root)', expected: e, actual: a });
    }
  };
  walk(normal(actual), normal(expected), '');
  return out;
}
