/** aedes-persistence-redis ships no types; the server only creates its persistence, hands it to aedes and destroys it. */
declare module 'aedes-persistence-redis' {
  import type { Redis } from 'ioredis';

  export interface RedisPersistence {
    /** Resolves once its Redis connection is closed. */
    destroy(): Promise<void>;
  }
  export default function redisPersistence(options: { conn: Redis; maxSessionDelivery?: number; packetTTL?: () => number }): RedisPersistence;
}
