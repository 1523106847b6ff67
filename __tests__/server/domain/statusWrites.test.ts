import fs from 'node:fs';
import path from 'node:path';

/**
 * No status column is written outside its machine: server/domain/transitions.ts (moveStatus) is the only code that
 * updates the status of a task, flight plan, airspace application or defect. Creating a row in its initial status is
 * an insert, not a change, and stays where the row is created; migrations convert stored data and are not changes.
 */
const SERVER = path.resolve(__dirname, '../../../server');
const MOVER = path.join(SERVER, 'domain/transitions.ts');
/** Migrations convert stored data between schema versions; they are not status changes. */
const MIGRATIONS = path.join(SERVER, 'db/migrations');
const STATUS_TABLES = ['tasks', 'flight_plans', 'airspace_applications', 'defects'];

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

/** Each Kysely update of a status table (up to its execute) and each raw `update <table> set`, that sets status. */
function statusWrites(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\.updateTable\(([^)]*)\)([\s\S]*?)\.execute/g)) {
    const [, table, chain] = match;
    const named = STATUS_TABLES.some((t) => table.includes(`'${t}'`)) || !table.trim().startsWith("'");
    if (named && /\bstatus\s*:/.test(chain)) found.push(match[0].slice(0, 120));
  }
  for (const match of source.matchAll(/update\s+(\w+)\s+set\s+([^;`]*)/gi))
    if (STATUS_TABLES.includes(match[1]) && /\bstatus\s*=/.test(match[2])) found.push(match[0].slice(0, 120));
  return found;
}

describe('status columns change only through their machines', () => {
  it('finds a direct status write (the check is not vacuous)', () => {
    expect(statusWrites("await db.updateTable('tasks').set({ status: 'failed', updated_at: at }).where('id', '=', 1).execute();")).toHaveLength(1);
    expect(statusWrites("await sql`update defects set status = 'new' where id = 1`.execute(db);")).toHaveLength(1);
    expect(statusWrites("await db.updateTable('tasks').set({ progress }).where('status', '=', 'running').execute();")).toEqual([]);
  });

  it('no server module but moveStatus writes one', () => {
    const offenders = sourceFiles(SERVER)
      .filter((file) => file !== MOVER && !file.startsWith(MIGRATIONS))
      .flatMap((file) => statusWrites(fs.readFileSync(file, 'utf8')).map((write) => `${path.relative(SERVER, file)}: ${write}`));
    expect(offenders).toEqual([]);
  });
});
