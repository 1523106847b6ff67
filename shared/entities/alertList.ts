// Apart from alert.ts: the console's slices import this at start-up, and alert.ts would bring zod into the first paint.
import type { Alert } from './alert';

/**
 * A list of open alerts kept in `order` after `alert` changed: put in its place (replacing the older copy) while
 * open, taken out once closed; the list itself when a closed alert was not in it (no change for a store to see).
 * A new array; the one given is left as it is.
 */
export function withAlert(alerts: Alert[], alert: Alert, order: (a: Alert, b: Alert) => number): Alert[] {
  const others = alerts.filter((a) => a.id !== alert.id);
  if (alert.active !== 1) return others.length === alerts.length ? alerts : others;
  const before = others.findIndex((a) => order(alert, a) < 0);
  others.splice(before < 0 ? others.length : before, 0, alert);
  return others;
}
