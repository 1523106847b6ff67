/** JSON columns are text on every dialect: parsed on the way out (a bad value gives `fallback`), serialised on the way in. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** undefined stays undefined (an update leaves the column unchanged); null stays null. */
export const toJsonText = (value: unknown): string | null | undefined => (value === undefined ? undefined : value === null ? null : JSON.stringify(value));
