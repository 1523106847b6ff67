import { TOPIC_NOTICES, type NoticeSignal } from '@shared/live';

export interface NoticePublisher {
  publish(topic: string, payload: string, options: { retain: boolean; qos: 0 | 1 }): Promise<void>;
}

/** setTimeout's limit (about 24.8 days): a notice scheduled later than that is announced by a later start. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Announces notices on sysinfo/notice as they reach the readers: at once when written with a publish time that has
 * come, at their publish time when scheduled (so the bell and the inbox follow without polling). The signal names
 * the notice only; scheduled notices stay hidden until due, as the API keeps them. Every instance announces its own
 * writes; a duplicate only makes the console re-read its count.
 */
export class NoticeBroadcaster {
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly bus: () => NoticePublisher | undefined,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    private readonly now: () => number = Date.now,
  ) {}

  /** A notice was created or edited: announced now when due, else at its publish time (an earlier schedule is replaced). */
  written(notice: { id: number; publish_at: string }, change: 'published' | 'updated'): void {
    this.unschedule(notice.id);
    const delay = Date.parse(notice.publish_at) - this.now();
    if (delay <= 0) this.announce(notice.id, change);
    else if (delay <= MAX_DELAY_MS) {
      const timer = setTimeout(() => {
        this.timers.delete(notice.id);
        this.announce(notice.id, 'published');
      }, delay);
      timer.unref();
      this.timers.set(notice.id, timer);
    }
  }

  /** A notice was deleted: readers drop it from their count (only if they could see it). */
  deleted(notice: { id: number; publish_at: string }): void {
    this.unschedule(notice.id);
    if (Date.parse(notice.publish_at) <= this.now()) this.announce(notice.id, 'deleted');
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private unschedule(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  private announce(id: number, change: NoticeSignal['change']): void {
    const bus = this.bus();
    if (!bus) return;
    const signal: NoticeSignal = { notice_id: id, change, at: this.now() };
    bus
      .publish(TOPIC_NOTICES, JSON.stringify(signal), { retain: false, qos: 1 })
      .catch((error: unknown) => this.log.warn({ err: error }, 'mqtt: sysinfo/notice publish failed'));
  }
}
