/** Portable recognition of constraint violations (better-sqlite3 codes and PostgreSQL SQLSTATEs). */
function code(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

export function isUniqueViolation(error: unknown): boolean {
  const c = code(error);
  return c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const c = code(error);
  // SQLite reports ON DELETE RESTRICT as SQLITE_CONSTRAINT_TRIGGER with the same message.
  // No instanceof: a native driver's error class may come from another realm (e.g. a test runner's per-file module contexts).
  const message = typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
  return c === '23503' || c === 'SQLITE_CONSTRAINT_FOREIGNKEY' || (c.startsWith('SQLITE_CONSTRAINT') && message.includes('FOREIGN KEY'));
}
