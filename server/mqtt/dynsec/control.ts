import { randomBytes } from 'node:crypto';
import type { MessageBus } from '../liveChannel';
import { DYNSEC_RESPONSE_TOPIC, DYNSEC_TOPIC, isHarmless, type DynsecCommand } from './templates';

/** How long a command may wait for the plugin's answer. */
export const DYNSEC_TIMEOUT_MS = 5_000;

export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

export class DynsecError extends Error {}

/**
 * Commands to Mosquitto's dynamic-security plugin over the server's own connection: each carries a correlation id,
 * and `run` resolves with the answers in order once all have arrived (several instances share the response topic,
 * so answers to other ids are ignored). An error answer rejects, unless it means "already so" (`isHarmless`).
 */
export class DynsecControl {
  private readonly pending = new Map<string, (response: DynsecResponse) => void>();
  private readonly prefix = randomBytes(6).toString('hex');
  private next = 0;

  private constructor(
    private readonly bus: MessageBus,
    private readonly timeoutMs: number,
  ) {}

  static async open(bus: MessageBus, timeoutMs = DYNSEC_TIMEOUT_MS): Promise<DynsecControl> {
    const control = new DynsecControl(bus, timeoutMs);
    await bus.subscribe(DYNSEC_RESPONSE_TOPIC, (_topic, payload) => control.onResponse(payload));
    return control;
  }

  async run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    if (commands.length === 0) return [];
    const tagged = commands.map((command) => ({ ...command, correlationData: `${this.prefix}-${this.next++}` }));
    const answered = Promise.all(tagged.map((command) => this.answer(command)));
    // Should the publish fail, the answers time out unheard: that failure is the one reported.
    answered.catch(() => undefined);
    await this.bus.publish(DYNSEC_TOPIC, JSON.stringify({ commands: tagged }), { retain: false, qos: 1 });
    const responses = await answered;
    const failed = responses.find((r) => r.error !== undefined && !isHarmless(r.command, r.error));
    if (failed) throw new DynsecError(`Mosquitto dynamic security refused ${failed.command}: ${failed.error}`);
    return responses;
  }

  private answer(command: DynsecCommand & { correlationData: string }): Promise<DynsecResponse> {
    const id = command.correlationData;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new DynsecError(
            `Mosquitto dynamic security did not answer ${command.command} within ${this.timeoutMs} ms ` +
              '(is mosquitto_dynamic_security.so loaded and MQTT_USER its admin?)',
          ),
        );
      }, this.timeoutMs);
      this.pending.set(id, (response) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(response);
      });
    });
  }

  private onResponse(payload: Buffer): void {
    let parsed: { responses?: DynsecResponse[] };
    try {
      parsed = JSON.parse(payload.toString()) as { responses?: DynsecResponse[] };
    } catch {
      return;
    }
    for (const response of parsed.responses ?? []) if (response.correlationData) this.pending.get(response.correlationData)?.(response);
  }
}
