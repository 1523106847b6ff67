/**
 * Runs asynchronous work at most `limit` at a time, the rest starting in the order it was given as running work ends:
 * a flood holds only its waiting closures, never more than `limit` runs' files, buffers and connections at once.
 * A run's failure goes to `failed` (a run is expected to answer its own errors; this only keeps none unhandled).
 */
export class WorkPool {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    readonly limit: number,
    private readonly failed: (error: unknown) => void,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`a work pool runs at least one at a time, not ${limit}`);
  }

  /** Starts `work` now when fewer than `limit` run, else after the work given before it has started. */
  run(work: () => Promise<void>): void {
    this.waiting.push(work);
    this.next();
  }

  /** Drops the work not started yet (a stop); what runs ends on its own. */
  clear(): void {
    this.waiting.length = 0;
    this.settleIdle();
  }

  /** Resolves once nothing runs or waits. */
  idle(): Promise<void> {
    if (!this.running && !this.waiting.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private next() {
    while (this.running < this.limit && this.waiting.length) {
      const work = this.waiting.shift()!;
      this.running++;
      void (async () => {
        try {
          await work();
        } catch (error) {
          this.failed(error);
        } finally {
          this.running--;
          this.next();
          this.settleIdle();
        }
      })();
    }
  }

  private settleIdle() {
    if (!this.running && !this.waiting.length) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
