import { LOG_FORMAT, LOG_VERSION, type ActionLog } from './logFormat';

/** An ajv validate function (compiled at run time in Node, precompiled standalone code in the browser). */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string; params?: Record<string, unknown> }> | null;
}

export type LogCheck = { ok: true; log: ActionLog } | { ok: false; message: string; entryIndex?: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** "entries[12] (seq 57)" — how messages name an entry. */
export function nameEntry(log: { entries?: unknown }, index: number): string {
  const entry = Array.isArray(log.entries) ? log.entries[index] : undefined;
  const seq = isObject(entry) && typeof entry.seq === 'number' ? ` (seq ${entry.seq})` : '';
  return `entries[${index}]${seq}`;
}

function describeSchemaError(data: Record<string, unknown>, error: NonNullable<SchemaValidator['errors']>[number]): { message: string; entryIndex?: number } {
  const parts = error.instancePath.split('/').slice(1);
  let where: string;
  let entryIndex: number | undefined;
  if (parts[0] === 'entries' && parts.length > 1) {
    entryIndex = Number(parts[1]);
    where = [nameEntry(data, entryIndex), ...parts.slice(2)].join('.');
  } else if (parts[0] === 'checkpoints' && parts.length > 1) {
    where = [`checkpoints[${parts[1]}]`, ...parts.slice(2)].join('.');
  } else {
    where = parts.length ? parts.join('.') : 'the log';
  }
  const extra = error.params && 'additionalProperty' in error.params ? ` ("${String(error.params.additionalProperty)}")` : '';
  return { message: `${where}: ${error.message ?? 'is invalid'}${extra}`, entryIndex };
}

/**
 * Checks a parsed value is a replayable v1 log: format and version first (so another version is named as such),
 * then the JSON Schema, then what the schema cannot say (seq order, checkpoints pointing at entries, known types).
 */
export function checkLog(data: unknown, validate: SchemaValidator, isKnownType?: (type: string) => boolean): LogCheck {
  if (!isObject(data) || data.format !== LOG_FORMAT) {
    return { ok: false, message: `not a Skyline action log: "format" must be "${LOG_FORMAT}"` };
  }
  if (data.version !== LOG_VERSION) {
    return { ok: false, message: `log version ${JSON.stringify(data.version)} is not supported (this build reads version ${LOG_VERSION})` };
  }
  if (!validate(data)) {
    const [first] = validate.errors ?? [];
    return { ok: false, ...(first ? describeSchemaError(data, first) : { message: 'does not match the log schema' }) };
  }
  const log = data as unknown as ActionLog;
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
export function parseLog(text: string, validate: SchemaValidator, isKnownType?: (type: string) => boolean): LogCheck {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return checkLog(data, validate, isKnownType);
}
