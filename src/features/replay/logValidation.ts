import type { z } from 'zod';
import { LOG_FORMAT, LOG_VERSION } from './logFormat';
import { actionLogSchema, type ActionLog } from './logSchema';

export type LogCheck = { ok: true; log: ActionLog } | { ok: false; message: string; entryIndex?: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "entries[12] (seq 57)" — how messages name an entry. */
export function nameEntry(log: { entries?: unknown }, index: number): string {
  const entry = Array.isArray(log.entries) ? log.entries[index] : undefined;
  const seq = isObject(entry) && typeof entry.seq === 'number' ? ` (seq ${entry.seq})` : '';
  return `entries[${index}]${seq}`;
}

/** Where an issue is ("entries[3] (seq 4).t", "checkpoints[0].hash", "the log") and what is wrong there. */
function describeIssue(data: Record<string, unknown>, issue: z.core.$ZodIssue): { message: string; entryIndex?: number } {
  let path = issue.path.map(String);
  let problem = issue.message;
  if (issue.code === 'unrecognized_keys') {
    problem = `must NOT have additional properties ("${issue.keys.join('", "')}")`;
  } else if (path.length && valueAt(data, path.slice(0, -1), path[path.length - 1]) === MISSING) {
    problem = `must have required property '${path[path.length - 1]}'`;
    path = path.slice(0, -1);
  }
  let where: string;
  let entryIndex: number | undefined;
  if (path[0] === 'entries' && path.length > 1) {
    entryIndex = Number(path[1]);
    where = [nameEntry(data, entryIndex), ...path.slice(2)].join('.');
  } else if (path[0] === 'checkpoints' && path.length > 1) {
    where = [`checkpoints[${path[1]}]`, ...path.slice(2)].join('.');
  } else {
    where = path.length ? path.join('.') : 'the log';
  }
  return { message: `${where}: ${problem}`, entryIndex };
}

const MISSING = Symbol('missing');

/** The value of `key` in the object at `path` of data, or MISSING when that object lacks the key. */
function valueAt(data: unknown, path: string[], key: string): unknown {
  const parent = path.reduce<unknown>((value, part) => (isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[part] : undefined), data);
  return isObject(parent) && !(key in parent) ? MISSING : parent;
}

/**
 * Checks a parsed value is a replayable v1 log: format and version first (so another version is named as such),
 * then the schema (actionLogSchema), then what the schema cannot say (seq order, checkpoints pointing at entries, known types).
 */
export function checkLog(data: unknown, isKnownType?: (type: string) => boolean): LogCheck {
  if (!isObject(data) || data.format !== LOG_FORMAT) {
    return { ok: false, message: `not a Skyline action log: "format" must be "${LOG_FORMAT}"` };
  }
  if (data.version !== LOG_VERSION) {
    return { ok: false, message: `log version ${JSON.stringify(data.version)} is not supported (this build reads version ${LOG_VERSION})` };
  }
  const parsed = actionLogSchema.safeParse(data);
  if (!parsed.success) return { ok: false, ...describeIssue(data, parsed.error.issues[0]) };
  const log: ActionLog = parsed.data;
  const seqs = new Set<number>();
  for (let i = 0; i < log.entries.length; i++) {
    const entry = log.entries[i];
    if (i > 0 && entry.seq <= log.entries[i - 1].seq) {
      return { ok: false, entryIndex: i, message: `${nameEntry(log, i)}: seq must be greater than the previous entry's (${log.entries[i - 1].seq})` };
    }
    if (isKnownType && !isKnownType(entry.type)) {
      return { ok: false, entryIndex: i, message: `${nameEntry(log, i)}: unknown action type "${entry.type}"` };
    }
    seqs.add(entry.seq);
  }
  for (let i = 0; i < log.checkpoints.length; i++) {
    if (!seqs.has(log.checkpoints[i].seq)) return { ok: false, message: `checkpoints[${i}]: no entry has seq ${log.checkpoints[i].seq}` };
  }
  return { ok: true, log };
}

/** Parses the text of a log file and checks it (see checkLog). */
export function parseLog(text: string, isKnownType?: (type: string) => boolean): LogCheck {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return checkLog(data, isKnownType);
}
