import { z } from 'zod';
import { DATA_SCOPES } from '@shared/entities/role';
import { isScopedSysinfoTopic, SCOPED_SYSINFO_TOPICS, scopedSysinfoTopic, type ScopedSysinfoTopic } from '@shared/topics';
import { parseJson } from '../db/json';
import { scopedShares, scopeId, type SessionScope } from './browserScope';
import type { MessageBus } from './liveChannel';

/** Where an instance tells the others of a scope it issued a browser account for (the servers' account alone reads it). */
export const SCOPE_ANNOUNCE_TOPIC = 'skyline/server/scope';

const dataScopeRuleSchema = z.object({
  scope: z.enum(DATA_SCOPES),
  userId: z.number(),
  deptId: z.number().nullable(),
  deptIds: z.array(z.number()),
});
const announcedSchema = z.object({ rule: dataScopeRuleSchema, serials: z.array(z.string()), projectIds: z.array(z.number()) });

type Options = { retain: boolean; qos: 0 | 1 };
type Log = { warn(obj: unknown, msg?: string): void };

/**
 * The scoped sysinfo topics on an external broker with dynamic security (docs/mqtt.md "Data scope"): Mosquitto's ACL
 * lets a browser read a topic or not but cannot narrow a payload, so besides each message on a scoped topic
 * (`sysinfo/fleet`, read by browsers whose scope is `all`) the server publishes each scope's share of it on the
 * scope's own topic (`sysinfo/scope/{id}/fleet`), the only one a scoped browser's role may read (dynsec/templates.ts).
 * The scopes are those of the browser sessions holding an account: all of them after each re-sync (`replace`), a
 * new one as its account is issued (`add`, announced to the other instances, which may be the ones publishing). A new
 * scope gets the retained topics' last messages at once; a scope gone has its retained shares cleared.
 */
export class ScopedSysinfoBus implements MessageBus {
  readonly kind = 'external' as const;
  private readonly scopes = new Map<string, SessionScope>();
  /** Scopes no session held at the last re-sync. */
  private readonly unheld = new Set<string>();
  /** The last retained message of each scoped topic this instance published, for a scope that comes later. */
  private readonly retained = new Map<ScopedSysinfoTopic, { payload: string | Buffer; options: Options }>();

  constructor(
    private readonly bus: MessageBus,
    private readonly log: Log,
  ) {}

  /** Hears the scopes the other instances announce. */
  async start(): Promise<void> {
    await this.bus.subscribe(SCOPE_ANNOUNCE_TOPIC, (_topic, payload) => {
      const parsed = announcedSchema.safeParse(parseJson<unknown>(payload.toString(), null));
      if (!parsed.success) return this.log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'mqtt: an announced scope could not be read');
      const { rule, serials, projectIds } = parsed.data;
      void this.adopt({ rule, serials: new Set(serials), projectIds: new Set(projectIds) });
    });
  }

  async publish(topic: string, payload: string | Buffer, options: Options): Promise<void> {
    await this.bus.publish(topic, payload, options);
    if (!isScopedSysinfoTopic(topic)) return;
    if (options.retain) this.retained.set(topic, { payload, options });
    await this.publishShares(topic, payload, options, [...this.scopes]);
  }

  subscribe(filter: string, handler: (topic: string, payload: Buffer) => void): Promise<void> {
    return this.bus.subscribe(filter, handler);
  }

  close(): Promise<void> {
    return this.bus.close();
  }

  /** A browser session's scope, as its account is issued: its id (what the browser subscribes under). */
  async add(scope: SessionScope): Promise<string> {
    const id = await this.adopt(scope);
    const announced = { rule: scope.rule, serials: [...scope.serials], projectIds: [...scope.projectIds] };
    await this.bus.publish(SCOPE_ANNOUNCE_TOPIC, JSON.stringify(announced), { retain: false, qos: 1 });
    return id;
  }

  /**
   * The scopes of every browser session holding an account now (a re-sync): those no session held at two re-syncs
   * running are dropped (another instance may have issued an account since this one listed them).
   */
  async replace(scopes: readonly SessionScope[]): Promise<void> {
    const wanted = new Map(scopes.map((scope) => [scopeId(scope), scope]));
    const gone: string[] = [];
    for (const id of this.scopes.keys()) {
      if (wanted.has(id)) this.unheld.delete(id);
      else if (!this.unheld.has(id)) this.unheld.add(id);
      else gone.push(id);
    }
    for (const id of gone) {
      this.scopes.delete(id);
      this.unheld.delete(id);
    }
    await Promise.all(
      gone.flatMap((id) =>
        SCOPED_SYSINFO_TOPICS.filter((topic) => this.retained.has(topic)).map((topic) =>
          this.bus.publish(scopedSysinfoTopic(id, topic), '', { retain: true, qos: 1 }),
        ),
      ),
    );
    for (const scope of wanted.values()) await this.adopt(scope);
  }

  /** Starts publishing for a scope not yet known, with the retained topics' last messages. */
  private async adopt(scope: SessionScope): Promise<string> {
    const id = scopeId(scope);
    if (this.scopes.has(id)) return id;
    this.scopes.set(id, scope);
    await Promise.all([...this.retained].map(([topic, { payload, options }]) => this.publishShares(topic, payload, options, [[id, scope]])));
    return id;
  }

  private async publishShares(topic: ScopedSysinfoTopic, payload: string | Buffer, options: Options, scopes: Array<[string, SessionScope]>) {
    if (!scopes.length) return;
    const share = scopedShares(topic, payload);
    const shares = scopes.map(([id, scope]) => ({ topic: scopedSysinfoTopic(id, topic), bytes: share(scope) }));
    await Promise.all(shares.filter(({ bytes }) => bytes !== null).map(({ topic: scopedTopic, bytes }) => this.bus.publish(scopedTopic, bytes!, options)));
  }
}
