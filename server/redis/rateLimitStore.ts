import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore';
import RedisStore from '@fastify/rate-limit/store/RedisStore';
import type { Redis } from 'ioredis';
import type { RedisWatch } from './watch';

type Incr = FastifyRateLimitStore['incr'];

/**
 * Rate-limit counters shared by every instance through Redis while it answers, and this instance's own while it does
 * not (frozen or gone: the limits still hold, per instance, instead of letting everything through or making each
 * request wait on Redis). A failed Redis call counts the request locally and tells the watch.
 */
export function failoverRateLimitStore(redis: Redis, watch: RedisWatch, nameSpace: string): FastifyRateLimitStoreCtor {
  class FailoverStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
      if (watch.state === 'down') return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          watch.failed(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FailoverStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends FailoverStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin hands a store its resolved settings, these two among them (its typings leave them out).
      const { continueExceeding = false, exponentialBackoff = false } = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      super(new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff));
    }
  };
}
