/** A tiny typed emitter: the app's event bus for broker messages (spec §7: under the topic name and under "message"). */
export type Handler<T> = (payload: T) => void;

export class EventBus<Events extends Record<string, unknown>> {
  private readonly handlers = new Map<string, Set<Handler<never>>>();

  on<K extends keyof Events & string>(event: K, handler: Handler<Events[K]>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => this.off(event, handler);
  }

  once<K extends keyof Events & string>(event: K, handler: Handler<Events[K]>): () => void {
    const off = this.on(event, (payload) => {
      off();
      handler(payload);
    });
    return off;
  }

  off<K extends keyof Events & string>(event: K, handler: Handler<Events[K]>): void {
    const set = this.handlers.get(event);
    set?.delete(handler as Handler<never>);
    if (set?.size === 0) this.handlers.delete(event);
  }

  emit<K extends keyof Events & string>(event: K, payload: Events[K]): void {
    const set = this.handlers.get(event);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        (handler as Handler<Events[K]>)(payload);
      } catch (error) {
        // One faulty listener must not stop the others nor the broker saga.
        console.error(`event bus listener for "${event}" failed`, error);
      }
    }
  }

  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

/**
 * Broker events: "message" carries { topic, message } for every message; each topic name (e.g. "sysinfo/online") carries
 * the same { topic, message }.
 */
export type BrokerEvents = Record<string, { topic: string; message: unknown }>;

export const brokerEvents = new EventBus<BrokerEvents>();
