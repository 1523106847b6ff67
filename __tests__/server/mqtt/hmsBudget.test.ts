import { spendHmsBudget, type HmsBucket } from '../../../server/mqtt/gateway/hmsBudget';

const rule = { itemsPerSecond: 200, burstItems: 600 };

describe('spendHmsBudget (HMS work one gateway may cause)', () => {
  it.each<[string, HmsBucket | undefined, number, number, boolean, HmsBucket]>([
    ['a new gateway starts with a full bucket', undefined, 50, 1000, true, { items: 550, at: 1000 }],
    ['an empty list costs one item', undefined, 0, 1000, true, { items: 599, at: 1000 }],
    ['the whole burst at once fits', undefined, 600, 1000, true, { items: 0, at: 1000 }],
    ['more than the burst never fits', undefined, 601, 1000, false, { items: 600, at: 1000 }],
    ['an empty bucket refuses, and refills meanwhile', { items: 0, at: 1000 }, 200, 1500, false, { items: 100, at: 1500 }],
    ['half a second refills 100 items', { items: 0, at: 1000 }, 100, 1500, true, { items: 0, at: 1500 }],
    ['refilling stops at the burst', { items: 500, at: 0 }, 10, 60_000, true, { items: 590, at: 60_000 }],
    ['a clock going back refills nothing', { items: 5, at: 2000 }, 10, 1000, false, { items: 5, at: 1000 }],
  ])('%s', (_name, bucket, items, now, fits, after) => {
    expect(spendHmsBudget(bucket, items, now, rule)).toEqual({ fits, bucket: after });
  });
});
