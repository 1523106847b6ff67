import { randomUUID } from 'node:crypto';
import type { AedesPublishPacket } from 'aedes';
import mqemitter, { type MQEmitter, type Message } from 'mqemitter';
import { z } from 'zod';
import { boundedRedis, closeRedis } from '../redis/connect';
import { stayJoined } from '../redis/channel';

type Log = { debug(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

/** The fields of an aedes packet another instance's broker needs to deliver it (brokerId and brokerCounter: its de-duplication). */
const relayedSchema = z.object({
  origin: z.string(),
  topic: z.string(),
  qos: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  retain: z.boolean(),
  brokerId: z.string(),
  brokerCounter: z.number(),
  clientId: z.string().optional(),
});
type RelayedHeader = z.infer<typeof relayedSchema>;

/** A relayed message: a 4-byte length, the header (JSON), then the payload as it is. */
function encodeRelayed(origin: string, message: Message): Buffer {
  const header: RelayedHeader = {
    origin,
    topic: message.topic,
    qos: message.qos ?? 0,
    retain: message.retain === true,
    brokerId: String(message.brokerId),
    brokerCounter: Number(message.brokerCounter),
    ...(typeof message.clientId === 'string' ? { clientId: message.clientId } : {}),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const payload: unknown = message.payload;
  return Buffer.concat([length, json, Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload ?? ''))]);
}

/** The origin and packet of a relayed message, or null for anything that is not one. */
function decodeRelayed(frame: Buffer): { origin: string; packet: AedesPublishPacket } | null {
  if (frame.length < 4) return null;
  const end = 4 + frame.readUInt32BE(0);
  if (end > frame.length) return null;
  let header: RelayedHeader;
  try {
    const parsed = relayedSchema.safeParse(JSON.parse(frame.subarray(4, end).toString()));
    if (!parsed.success) return null;
    header = parsed.data;
  } catch {
    return null;
  }
  const { origin, ...fields } = header;
  return { origin, packet: { cmd: 'publish', dup: false, ...fields, payload: frame.subarray(end) } };
}

interface RelayOptions {
  url: string;
  /** The pub/sub channel every instance of the deployment relays on (under its key prefix). */
  channel: string;
  timeoutMs: number;
  /** Keeps another instance's retained message for this broker's later subscribers (in its persistence). */
  storeRetained(packet: AedesPublishPacket): Promise<void>;
  log: Log;
}

/**
 * aedes' message emitter for instances sharing their brokers through Redis. Every message is delivered here at once by
 * a plain mqemitter (what aedes uses alone), so a device and the server or a browser on the same instance never wait
 * on Redis; it is also published, bounded and not awaited, on one pub/sub channel, and what the other instances
 * publish there is delivered here (a message carries the id of the instance it comes from: its own come back and are
 * skipped). While Redis does not answer, messages stay on this instance: each one not relayed is counted, the outage
 * logged once and its end with the count; the channel is joined again when Redis comes back.
 */
export class RedisRelayEmitter implements MQEmitter {
  /** Messages not relayed to the other instances since start (Redis frozen or away). */
  dropped = 0;
  private readonly origin = randomUUID();
  /** No cap on messages in delivery, as the embedded broker sets its own emitter (server/mqtt/embedded.ts). */
  private readonly local = mqemitter({ matchEmptyLevels: true });
  private readonly publisher: ReturnType<typeof boundedRedis>;
  private readonly subscriber: ReturnType<typeof boundedRedis>;
  private connectedOnce = false;
  /** A PING asking whether Redis answers again is on its way. */
  private probing = false;
  /** Messages not relayed since the outage began; undefined while relaying. */
  private droppedInOutage: number | undefined;

  constructor(private readonly options: RelayOptions) {
    const { url, timeoutMs, channel, log } = options;
    this.publisher = boundedRedis(url, timeoutMs);
    this.subscriber = boundedRedis(url, timeoutMs, { autoResubscribe: false });
    // ioredis reports every failed reconnect: the outage is logged once, by the relay itself.
    for (const connection of [this.publisher, this.subscriber])
      connection.on('error', (error: Error) => log.debug({ err: error.message }, 'mqtt: Redis relay connection problem'));
    this.publisher.once('ready', () => (this.connectedOnce = true));
    this.subscriber.on('messageBuffer', (_channel: Buffer, frame: Buffer) => this.receive(frame));
    stayJoined(this.subscriber, channel, log, 'broker relay');
  }

  get current(): number {
    return this.local.current;
  }

  get concurrent(): number {
    return this.local.concurrent;
  }

  on(topic: string, listener: (message: Message, done: () => void) => void, callback?: () => void): this {
    this.local.on(topic, listener, callback);
    return this;
  }

  removeListener(topic: string, listener: (message: Message, done: () => void) => void, callback?: () => void): void {
    this.local.removeListener(topic, listener, callback);
  }

  emit(message: Message, callback?: (error?: Error) => void): void {
    this.local.emit(message, callback);
    this.relay(message);
  }

  close(callback: () => void): void {
    this.subscriber.disconnect();
    void closeRedis(this.publisher).finally(() => this.local.close(callback));
  }

  private relay(message: Message): void {
    // Not connected (Redis away, reconnecting): dropped at once rather than queued.
    if (this.publisher.status !== 'ready') return this.notRelayed(new Error(`Redis connection ${this.publisher.status}`));
    // In an outage on a live connection (Redis frozen) what is written waits in Redis' input and would reach the
    // others as a burst of stale messages when it thaws: only one bounded PING at a time asks whether it answers again.
    if (this.droppedInOutage !== undefined) {
      this.notRelayed();
      if (!this.probing) {
        this.probing = true;
        this.publisher
          .ping()
          .then(
            () => this.relayed(),
            () => undefined,
          )
          .finally(() => (this.probing = false));
      }
      return;
    }
    this.publisher.publish(this.options.channel, encodeRelayed(this.origin, message)).then(
      () => this.relayed(),
      (error: unknown) => this.notRelayed(error),
    );
  }

  private relayed(): void {
    if (this.droppedInOutage === undefined) return;
    this.options.log.info({ dropped: this.droppedInOutage }, 'mqtt: Redis relay back; messages reach the other instances again');
    this.droppedInOutage = undefined;
  }

  private notRelayed(error?: unknown): void {
    this.dropped++;
    // Before the first connection there is nothing to rejoin yet (RedisWatch reports a Redis away at start).
    if (!this.connectedOnce) return;
    if (this.droppedInOutage === undefined) {
      this.options.log.warn({ err: error }, 'mqtt: Redis relay unavailable; messages stay on this instance until Redis answers');
      this.droppedInOutage = 0;
    }
    this.droppedInOutage++;
  }

  private receive(frame: Buffer): void {
    const relayed = decodeRelayed(frame);
    if (!relayed) return this.options.log.warn({ bytes: frame.length }, 'mqtt: not a relayed message, dropped');
    if (relayed.origin === this.origin) return;
    const { packet } = relayed;
    // aedes keeps a retained message in the persistence of the broker it was published on: kept here too, for this
    // broker's later subscribers.
    if (!packet.retain) return this.local.emit(packet);
    this.options
      .storeRetained(packet)
      .catch((error: unknown) => this.options.log.warn({ err: error, topic: packet.topic }, 'mqtt: relayed retained message not kept'))
      .finally(() => this.local.emit(packet));
  }
}
