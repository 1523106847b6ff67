/** The first refresh after the app starts or a user signs in (the end of a stored session is not known before it). */
export const FIRST_REFRESH_MS = 5 * 60_000;
/** Refreshes at most this often… */
const MIN_REFRESH_MS = 60_000;
/** …and at least this often, whatever the session's lifetime. */
const MAX_REFRESH_MS = 6 * 3_600_000;

/**
 * When to refresh a session that ends at `expiresAtMs` next: halfway through what is left of it, so one failed
 * attempt (a network gap, a sleeping laptop) still leaves time for another, between once a minute and every 6 h. Pure.
 */
export function sessionRefreshDelayMs(expiresAtMs: number, nowMs: number): number {
  const left = expiresAtMs - nowMs;
  if (!Number.isFinite(left)) return MIN_REFRESH_MS;
  return Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, Math.floor(left / 2)));
}
