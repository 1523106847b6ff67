import fs from 'node:fs/promises';
import path from 'node:path';
import { OWN_HMS_TABLE } from '@shared/dji/hms';
import { alarmTexts, parseHmsTable, type Alarm, type AlarmTexts, type HmsTable } from './table';

/** Where DJI publishes its HMS table (spec §10; DJI's HMS page of the dock feature set). */
export const DJI_HMS_URL = 'https://terra-1-g.djicdn.com/fee90c2e03e04e8da67ea6f56365fc76/SDK%20%E6%96%87%E6%A1%A3/CloudAPI/hms.json';

/** A fetched table larger than this is refused (DJI's, with every language, is a few MB). */
export const HMS_MAX_BYTES = 32 * 1024 * 1024;

/** Where the server keeps the copy it fetched or that `npm run hms:update` installed. */
export const storedCopyPath = (dataDir: string) => path.join(dataDir, 'dji', 'hms.json');

/** The table the texts come from, and where it came from (a file's path, a URL, or "built-in"). */
export interface TableInUse {
  table: HmsTable;
  source: string;
}

const parseText = (text: string, source: string): HmsTable => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const parsed = parseHmsTable(json);
  if (!parsed.ok) throw new Error(`${source} is not an HMS table in DJI's format: ${parsed.error}`);
  return parsed.table;
};

/**
 * The newest (by modification time) of the copies that exist and parse; a broken copy is reported through `warn` and
 * passed over. Null when there is none.
 */
export async function loadNewestCopy(files: readonly string[], warn: (error: Error, file: string) => void): Promise<TableInUse | null> {
  let newest: (TableInUse & { mtimeMs: number }) | null = null;
  for (const file of files) {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || (newest && stat.mtimeMs <= newest.mtimeMs)) continue;
    try {
      newest = { table: parseText(await fs.readFile(file, 'utf8'), file), source: file, mtimeMs: stat.mtimeMs };
    } catch (error) {
      warn(error instanceof Error ? error : new Error(String(error)), file);
    }
  }
  return newest && { table: newest.table, source: newest.source };
}

/** Checks `text` is a table in DJI's format and stores it as the server's copy (written whole, then renamed into place). */
export async function installCopy(dataDir: string, text: string, source: string): Promise<HmsTable> {
  const table = parseText(text, source);
  const target = storedCopyPath(dataDir);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, text);
  await fs.rename(temporary, target);
  return table;
}

/** DJI's published table as text, within `timeoutMs` and HMS_MAX_BYTES (or `signal`'s abort). */
export async function fetchTableText(url: string, timeoutMs: number, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]), redirect: 'follow' });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > HMS_MAX_BYTES) throw new Error(`${url} is larger than ${HMS_MAX_BYTES} bytes`);
  const text = await response.text();
  if (Buffer.byteLength(text) > HMS_MAX_BYTES) throw new Error(`${url} is larger than ${HMS_MAX_BYTES} bytes`);
  return text;
}

/** The HMS table in use on this server (DJI's copy when there is one, our own otherwise) and an alarm's texts from it. */
export class HmsCatalogue {
  private inUse: TableInUse;

  constructor() {
    this.inUse = { table: builtIn(), source: 'built-in' };
  }

  get current(): Readonly<TableInUse> {
    return this.inUse;
  }

  use(table: HmsTable, source: string): void {
    this.inUse = { table, source };
  }

  texts(alarm: Alarm): AlarmTexts {
    return alarmTexts(this.inUse.table, alarm);
  }
}

let ownTable: HmsTable | undefined;
/** Our own table (shared/dji/hms.ts), parsed once. */
function builtIn(): HmsTable {
  if (!ownTable) {
    const parsed = parseHmsTable(OWN_HMS_TABLE);
    if (!parsed.ok) throw new Error(`the built-in HMS table is broken: ${parsed.error}`);
    ownTable = parsed.table;
  }
  return ownTable;
}
