import { randomUUID } from 'node:crypto';
import { parseEnvelope, type Envelope } from '@shared/dji/envelope';
import { deviceTopic, parseDeviceTopic, replyTopic } from '@shared/dji/topics';
import type { MessageBus } from '../mqtt/liveChannel';
import { ServiceError } from '../mqtt/gateway/service';

/** The downlink channels whose replies the exchange reads whole. */
type ExchangeChannel = 'services' | 'property/set';

/**
 * Messages to a gateway whose reply the remote capabilities read whole, where the device link resolves a service with
 * its `output` only: `fileupload_list` (DJI's doc puts `files` beside `result`) and `property/set` (its reply is
 * keyed by property, `thing/product/{gw}/property/set_reply`). Publishes on the bus and matches the reply by `tid`.
 */
export class DeviceExchange {
  private readonly pending = new Map<
    string,
    { gatewaySn: string; resolve(data: Record<string, unknown>): void; reject(error: Error): void; timer: NodeJS.Timeout }
  >();

  constructor(
    private readonly bus: MessageBus,
    private readonly now: () => number = Date.now,
  ) {}

  /** Subscribes to the replies (once, before the first message). */
  async start(): Promise<void> {
    for (const channel of ['services', 'property/set'] as const)
      await this.bus.subscribe(replyTopic(deviceTopic('+', channel)), (topic, payload) => this.onReply(topic, payload));
  }

  stop(): void {
    for (const [tid, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new ServiceError('the server is stopping', 'timeout'));
      this.pending.delete(tid);
    }
  }

  /** Sends `data` (with `method` on services) to gateway `gatewaySn`; resolves with the reply's whole `data`. */
  send(
    gatewaySn: string,
    channel: ExchangeChannel,
    method: string | undefined,
    data: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<Record<string, unknown>> {
    const tid = randomUUID();
    const message: Envelope = { tid, bid: randomUUID(), timestamp: this.now(), ...(method ? { method } : {}), data };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(tid);
        reject(new ServiceError(`${method ?? channel} to ${gatewaySn}: no reply within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      this.pending.set(tid, { gatewaySn, resolve, reject, timer });
      this.bus.publish(deviceTopic(gatewaySn, channel), JSON.stringify(message), { retain: false, qos: 1 }).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending.delete(tid);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  private onReply(topic: string, payload: Buffer) {
    const message = parseEnvelope(payload);
    if (!message.ok) return;
    const call = this.pending.get(message.envelope.tid);
    // Only the gateway asked answers (another one's reply with a guessed tid is ignored).
    if (!call || parseDeviceTopic(topic)?.sn !== call.gatewaySn) return;
    this.pending.delete(message.envelope.tid);
    clearTimeout(call.timer);
    const data = message.envelope.data;
    if (data && typeof data === 'object' && !Array.isArray(data)) call.resolve(data as Record<string, unknown>);
    else call.reject(new Error(`${topic}: a reply without data`));
  }
}
