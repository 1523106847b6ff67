/**
 * How much HMS work one gateway may cause. A real dock or Pilot 2 sends its whole HMS list (rarely more than a few
 * dozen items) when it changes and every few seconds; a gateway sending hundreds of 200-item lists a second is a
 * fault or an attack, and every item costs database writes and pushes that everyone else waits behind.
 */
export interface HmsBudgetRule {
  /** Items refilled per second (an event with an empty list costs one). */
  itemsPerSecond: number;
  /** Most items spendable at once (a gateway's bucket starts full). */
  burstItems: number;
}

export const HMS_BUDGET: HmsBudgetRule = { itemsPerSecond: 200, burstItems: 600 };

/** A gateway's bucket: items it may still spend, as of `at` (epoch ms). */
export interface HmsBucket {
  items: number;
  at: number;
}

/**
 * Whether an HMS event of `items` items fits the gateway's bucket at `now`, and the bucket after it (unchanged but
 * refilled when it does not fit: the excess is dropped, not owed). Pure.
 */
export function spendHmsBudget(
  bucket: HmsBucket | undefined,
  items: number,
  now: number,
  rule: HmsBudgetRule = HMS_BUDGET,
): { fits: boolean; bucket: HmsBucket } {
  const cost = Math.max(1, items);
  const refilled = bucket ? Math.min(rule.burstItems, bucket.items + (Math.max(0, now - bucket.at) / 1000) * rule.itemsPerSecond) : rule.burstItems;
  if (cost > refilled) return { fits: false, bucket: { items: refilled, at: now } };
  return { fits: true, bucket: { items: refilled - cost, at: now } };
}
