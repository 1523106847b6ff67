/** Portable recognition of constraint violations (better-sqlite3 codes and PostgreSQL SQLSTATEs). */
function code(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

function message(error: unknown): string {
  // No instanceof: a native driver's error class may come from another realm (e.g. Jest's per-file contexts).
  return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
}

export function isUniqueViolation(error: unknown): boolean {
  const c = code(error);
  return c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const c = code(error);
  // SQLite reports ON DELETE RESTRICT as SQLITE_CONSTRAINT_TRIGGER with the same message.
  return c === '23503' || c === 'SQLITE_CONSTRAINT_FOREIGNKEY' || (c.startsWith('SQLITE_CONSTRAINT') && message(error).includes('FOREIGN KEY'));
}

/**
 * A schema other than `ownSchema` vanished under a catalog scan (PostgreSQL 3F000): Kysely's migrator lists the tables
 * of every schema (`has_schema_privilege` per schema), so another user of the database dropping its schema at that
 * moment fails the scan, not the migration. Worth trying again; our own schema missing is not.
 */
export function isOtherSchemaDropped(error: unknown, ownSchema: string | undefined): boolean {
  if (code(error) !== '3F000') return false;
  return ownSchema === undefined || !message(error).includes(`"${ownSchema}"`);
}

/** SQLSTATE classes/codes and socket errors that mean "the database is not reachable right now", not "the request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports a dropped or never-established connection with a plain Error and one of these messages.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /connection error and is not queryable/,
  /Connection is closed/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const c = code(error);
  if (c.startsWith('08') || UNAVAILABLE_SQLSTATES.has(c) || UNAVAILABLE_SOCKET_CODES.has(c) || c === 'SQLITE_BUSY') return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message(error)));
}
