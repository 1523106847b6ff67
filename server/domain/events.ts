import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import type { JoinChannel, SharedChannel } from './sharedChannel';

/** A committed change of stored rows: which table, which row (null: several), and what happened (create, update, delete or a workflow action). */
export interface EntityChange {
  table: keyof Database & string;
  id: number | null;
  change: string;
}

export type ChangeListener = (change: EntityChange) => Promise<void> | void;

type Log = { warn(obj: unknown, msg?: string): void };

declare module 'fastify' {
  interface FastifyInstance {
    /** Committed changes of entities, heard on every instance (see DomainEvents). */
    domainEvents: DomainEvents;
  }
}

/**
 * Domain events: every write of an entity announces its change once committed, and whatever keeps a derived view
 * (the conformance monitor's caches, say) listens here instead of guessing from request URLs. This instance's
 * listeners run before `changed` resolves, so a client that got its answer is judged by the new rows; the change
 * reaches every other instance's listeners too, through the channel they share.
 */
export class DomainEvents {
  private readonly listeners = new Set<ChangeListener>();
  private readonly instance = randomUUID();
  private channel: SharedChannel | null = null;

  constructor(private readonly log: Log) {}

  /** Carries changes to and from the other instances (instanceChannels: Redis, or PostgreSQL without it). */
  share(join: JoinChannel): void {
    this.channel = join('domain-events', 'domain events', {
      onMessage: (message) => {
        const { from, change } = JSON.parse(message) as { from: string; change: EntityChange };
        if (from !== this.instance) void this.deliver(change);
      },
    });
  }

  /** Listens to every change; returns the way to stop. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces a committed change: here (awaited), then to the other instances. A failing listener is logged, never fails the write. */
  async changed(change: EntityChange): Promise<void> {
    await this.deliver(change);
    await this.channel?.publish(JSON.stringify({ from: this.instance, change }));
  }

  async close(): Promise<void> {
    await this.channel?.close();
  }

  private async deliver(change: EntityChange): Promise<void> {
    await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(change);
        } catch (error) {
          this.log.warn({ err: error, change }, 'domain events: a listener failed');
        }
      }),
    );
  }
}
