/**
 * Failed MQTT logins per client address: after `limit` failures within `windowMs` the address is refused without
 * checking its credentials until the window has passed. Entries expire with their window, so the map stays small.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  blocked(address: string): boolean {
    const entry = this.current(address);
    return entry !== undefined && entry.count >= this.limit;
  }

  fail(address: string): void {
    const entry = this.current(address);
    if (entry) entry.count++;
    else this.failures.set(address, { count: 1, since: this.now() });
    if (this.failures.size > 10_000) this.prune();
  }

  private current(address: string) {
    const entry = this.failures.get(address);
    if (entry && this.now() - entry.since >= this.windowMs) {
      this.failures.delete(address);
      return undefined;
    }
    return entry;
  }

  private prune() {
    for (const address of [...this.failures.keys()]) this.current(address);
  }
}
