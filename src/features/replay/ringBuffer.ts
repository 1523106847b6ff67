/** A fixed-capacity FIFO: pushing onto a full buffer drops (and returns) the oldest item. */
export class RingBuffer<T> {
  private items: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring buffer capacity must be a positive integer, got ${capacity}`);
    this.items = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): { evicted: T } | null {
    if (this.count < this.capacity) {
      this.items[(this.start + this.count) % this.capacity] = item;
      this.count += 1;
      return null;
    }
    const evicted = this.items[this.start] as T;
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return { evicted };
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  /** The newest `n` items, oldest first. */
  latest(n: number): T[] {
    const all = this.toArray();
    return all.slice(Math.max(0, all.length - n));
  }

  clear(): void {
    this.items = new Array(this.capacity);
    this.start = 0;
    this.count = 0;
  }
}
