/** All stored timestamps are ISO-8601 UTC strings, which sort and compare the same on SQLite and PostgreSQL. */
export function nowIso(ms: number = Date.now()): string {
  return new Date(ms).toISOString();
}
