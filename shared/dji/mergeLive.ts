import type { DjiLive } from './live';

/** The newer sample over the older one, field by field (OSD messages may carry only some fields). Free of zod: the console's reducer uses it. */
export function mergeLive(previous: DjiLive | undefined, next: DjiLive): DjiLive {
  if (!previous || previous.kind !== next.kind) return next;
  const dock = previous.dock || next.dock ? { ...previous.dock, ...next.dock } : undefined;
  return { ...previous, ...next, ...(dock ? { dock } : {}) };
}
