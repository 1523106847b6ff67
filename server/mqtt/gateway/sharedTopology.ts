import { randomBytes } from 'node:crypto';
import { updateTopoSchema } from '@shared/dji/topology';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { SharedChannel } from '../../domain/sharedChannel';
import { joinRedisChannel } from '../../redis/channel';
import { boundedRedis, closeRedis } from '../../redis/connect';
import { recordNewest, stamped, stampedText } from '../newestHash';

/** A gateway's topology as its latest update_topo declared it, and when the gateway sent that (envelope timestamp). */
const declarationSchema = z.object({ gatewaySn: z.string(), at: z.number(), topo: updateTopoSchema });
export type TopologyDeclaration = z.infer<typeof declarationSchema>;
/** As kept and announced: with the instance that announced it, which applies it in its own turn. */
const announcedSchema = declarationSchema.extend({ origin: z.string().optional() });

/** What the device link needs to share topologies with other instances (SharedTopology). */
export interface TopologyMirror {
  /** Starts applying the declarations other instances make (and those made before), with `apply`. */
  join(apply: (declaration: TopologyDeclaration) => void): Promise<void>;
  /** Makes a declaration known to the others: an update_topo this instance received, as it arrives. */
  publish(declaration: TopologyDeclaration): Promise<void>;
  close(): Promise<void>;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The hash outlives its last write by this: a deployment taken down leaves nothing behind for long. */
const KEEP_MS = 30 * 86_400_000;

type Log = { warn(obj: unknown, msg?: string): void };

/**
 * Gateway topologies of instances splitting the devices' messages (external broker, `$share`): the update_topo of a
 * gateway reaches one instance, and its next OSD may reach another, which must know the gateway's sub-devices. The
 * instance that received it keeps it in the Redis hash `{prefix}link:topology` (field: the gateway, the newest
 * declaration winning: newestHash.ts) and announces it on the channel of the same name; every instance applies what
 * it hears, and reloads the hash each time it (re)joins the channel, so one started later, or back from a Redis
 * outage, knows every gateway's last declaration. Older declarations than the one applied are ignored
 * (LinkTopology.apply), so the order they arrive in does not matter.
 */
export class SharedTopology implements TopologyMirror {
  private readonly key: string;
  private readonly redis: Redis;
  private channel: SharedChannel | undefined;
  /** This instance, as the origin of what it announces. */
  private readonly origin = randomBytes(6).toString('hex');

  constructor(private readonly options: { url: string; keyPrefix: string; timeoutMs: number; log: Log }) {
    this.key = `${options.keyPrefix}link:topology`;
    this.redis = boundedRedis(options.url, options.timeoutMs);
    this.redis.on('error', (error: Error) => options.log.warn({ err: error }, 'redis: topology connection problem'));
  }

  /**
   * Resolves once the declarations kept in Redis are applied, or after the Redis timeout (then they follow when it
   * answers). Those this instance announced are not handed back: it applies them itself, in order with its messages.
   */
  async join(apply: (declaration: TopologyDeclaration) => void): Promise<void> {
    const { url, timeoutMs, log } = this.options;
    const read = (text: string) => {
      const parsed = announcedSchema.safeParse(parseJson(text));
      if (parsed.success) {
        const { origin, ...declaration } = parsed.data;
        if (origin !== this.origin) apply(declaration);
      } else log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'redis: a topology declaration could not be read');
    };
    let loaded: () => void = () => undefined;
    const firstLoad = new Promise<void>((resolve) => (loaded = resolve));
    const reload = () =>
      void this.redis
        .hvals(this.key)
        .then((entries) => entries.forEach((entry) => read(stampedText(entry) ?? '')))
        .catch((error: unknown) => log.warn({ err: error }, 'redis: topologies not reloaded'))
        .finally(loaded);
    this.channel = joinRedisChannel({ url, channel: this.key, timeoutMs, what: 'topology' }, log, { onMessage: read, onJoined: reload });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([firstLoad, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  async publish(declaration: TopologyDeclaration): Promise<void> {
    const text = JSON.stringify({ ...declaration, origin: this.origin });
    try {
      await recordNewest(this.redis, this.key, KEEP_MS, [declaration.gatewaySn, stamped(declaration.at, text)]);
    } catch (error) {
      this.options.log.warn({ err: error, gatewaySn: declaration.gatewaySn }, 'redis: topology not kept');
    }
    await this.channel?.publish(text);
  }

  async close(): Promise<void> {
    await this.channel?.close();
    await closeRedis(this.redis);
  }
}
