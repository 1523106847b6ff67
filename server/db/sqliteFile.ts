import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Written next to the database once it has been opened and checked: an empty or missing file after that is data loss, not a first start. */
export const INITIALISED_MARKER_SUFFIX = '.initialised';
const OWNER_ONLY = 0o600;

/**
 * Opens the embedded database file, refusing to start on a damaged one (fails PRAGMA quick_check) or on one that was
 * emptied or removed after it had been initialised (that would silently start over with a fresh database).
 * The data directory is 0700 and the files 0600: the file holds the JWT signing secret and the password hashes.
 */
export function openSqliteFile(dataDir: string): { sqlite: SQLite.Database; file: string } {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'skyline.db');
  const marker = file + INITIALISED_MARKER_SUFFIX;
  const size = fs.existsSync(file) ? fs.statSync(file).size : undefined;
  if (fs.existsSync(marker) && !size) {
    const since = fs.readFileSync(marker, 'utf8').trim();
    throw new Error(
      `The database ${file} is ${size === 0 ? 'empty' : 'missing'} but was initialised (${since}). Restore it from a backup; ` +
        `only to start over with a fresh database, delete ${marker}.`,
    );
  }
  // SQLite creates the -wal and -shm files with the main file's permissions.
  fs.closeSync(fs.openSync(file, 'a', OWNER_ONLY));
  for (const companion of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(companion)) fs.chmodSync(companion, OWNER_ONLY);

  const sqlite = new SQLite(file);
  try {
    const problems = sqlite.pragma('quick_check', { simple: false }) as { quick_check: string }[];
    const findings = problems.map((row) => row.quick_check).filter((finding) => finding !== 'ok');
    if (findings.length) throw new Error(findings.slice(0, 5).join('; '));
  } catch (error) {
    sqlite.close();
    throw new Error(`The database ${file} is damaged (PRAGMA quick_check: ${(error as Error).message}). Restore it from a backup.`, { cause: error });
  }
  if (!fs.existsSync(marker)) fs.writeFileSync(marker, `initialised ${new Date().toISOString()}\n`, { mode: OWNER_ONLY });
  return { sqlite, file };
}
