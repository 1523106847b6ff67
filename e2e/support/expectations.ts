import type { Locator } from 'playwright-core';

declare global {
  namespace jest {
    interface Matchers<R> {
      toHaveCountEventually(count: number, timeoutMs?: number): Promise<R>;
    }
  }
}

/** Waits until a locator matches exactly `count` elements, like Playwright Test's toHaveCount. */
expect.extend({
  async toHaveCountEventually(locator: Locator, count: number, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    let actual = await locator.count();
    while (actual !== count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      actual = await locator.count();
    }
    return { pass: actual === count, message: () => `expected ${count} elements, found ${actual}` };
  },
});
