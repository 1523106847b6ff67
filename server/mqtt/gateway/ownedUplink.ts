import { OWNED_FILTERS, ownedUplinkTopics } from '@shared/dji/topics';
import type { TopicSubscriptions } from '../external';
import { ownerOf } from '../ownership';
import type { LinkTopology } from './topology';

/** At most this many topics in one SUBSCRIBE or UNSUBSCRIBE packet. */
const BATCH = 1000;

/** Who is alive (membership.ts): this instance's id, the live members' ids, and when they change. */
export interface Members {
  readonly id: string;
  members(): readonly string[];
  onChange(listener: () => void): void;
}

type Log = { warn(obj: unknown, msg?: string): void };

/**
 * The gateways this instance owns when several split the devices' messages on an external broker (docs/mqtt.md,
 * Scale-out): the owner of a gateway is the live member that rendezvous hashing of its serial picks (ownership.ts),
 * the same on every instance. The owner alone subscribes, plainly, to the gateway's osd, state, events and requests
 * and its sub-devices' osd and state, so every message of one gateway reaches one instance, the same as long as the
 * members stay. `follow` after a gateway's topology changed, `rebalance` after the members changed: the
 * subscriptions follow, gathered into one SUBSCRIBE and one UNSUBSCRIBE per turn of the event loop. Before it
 * subscribes to devices it did not own, it hands their serials to `acquire` (the gateway loads the state their
 * former owner shared, so their first partial OSD merges onto it).
 */
export class OwnedUplink {
  /** Topics wanted per owned gateway, and the devices they are of. */
  private readonly wanted = new Map<string, { serials: readonly string[]; topics: readonly string[] }>();
  /** How many owned gateways want each topic (a sub-device two gateways declared). */
  private readonly wantedBy = new Map<string, number>();
  private readonly subscribed = new Set<string>();
  /** Topics whose wanted state changed since the last batch went out. */
  private readonly changed = new Set<string>();
  /** Devices newly owned since the last batch went out. */
  private readonly acquired = new Set<string>();
  private sending: Promise<void> = Promise.resolve();
  private next: Promise<void> | undefined;

  constructor(
    private readonly options: {
      bus: TopicSubscriptions;
      members: Members;
      topology: LinkTopology;
      acquire(serials: readonly string[]): Promise<void>;
      log: Log;
    },
  ) {}

  /** Hands the messages of owned topics to `handler`, and follows the members from now on. */
  listen(handler: (topic: string, payload: Buffer) => void): void {
    for (const filter of OWNED_FILTERS) this.options.bus.listen(filter, handler);
    this.options.members.onChange(() => void this.rebalance());
  }

  /** Whether this instance owns the gateway (a message of one it does not own is a late one from before a change). */
  owns(gatewaySn: string): boolean {
    const { members } = this.options;
    return ownerOf(gatewaySn, members.members()) === members.id;
  }

  /**
   * An update_topo arrived, not yet applied (other messages may be ahead of it): if this instance owns the gateway,
   * subscribes to what it declares at once, since the gateway streams right behind it (issue 28).
   */
  prepare(gatewaySn: string, subSerials: readonly string[]): Promise<void> {
    this.want(gatewaySn, subSerials);
    return this.send();
  }

  /** The gateway's topology changed: resolves once its topics are subscribed (if owned here) and those it dropped not. */
  follow(gatewaySn: string): Promise<void> {
    this.want(gatewaySn, this.declared(gatewaySn));
    return this.send();
  }

  /** The members changed: takes the gateways this instance now owns, lets go of the others. */
  rebalance(): Promise<void> {
    for (const gatewaySn of new Set([...this.options.topology.gateways(), ...this.wanted.keys()])) this.want(gatewaySn, this.declared(gatewaySn));
    return this.send();
  }

  /** How many topics this instance is subscribed to for the gateways it owns. */
  topicCount(): number {
    return this.subscribed.size;
  }

  /** The sub-devices of an online gateway, null for one that is not. */
  private declared(gatewaySn: string): readonly string[] | null {
    const { topology } = this.options;
    return topology.gateway(gatewaySn) ? topology.subDevicesOf(gatewaySn) : null;
  }

  private want(gatewaySn: string, subSerials: readonly string[] | null): void {
    const owned = subSerials !== null && this.owns(gatewaySn);
    const topics = owned ? ownedUplinkTopics(gatewaySn, subSerials) : [];
    const { serials: ownedBefore, topics: before } = this.wanted.get(gatewaySn) ?? { serials: [], topics: [] };
    if (topics.length === before.length && topics.every((t, i) => t === before[i])) return;
    const serials = owned ? [gatewaySn, ...subSerials] : [];
    for (const sn of serials) if (!ownedBefore.includes(sn)) this.acquired.add(sn);
    for (const topic of before) {
      const count = (this.wantedBy.get(topic) ?? 1) - 1;
      if (count) this.wantedBy.set(topic, count);
      else this.wantedBy.delete(topic);
      this.changed.add(topic);
    }
    for (const topic of topics) {
      this.wantedBy.set(topic, (this.wantedBy.get(topic) ?? 0) + 1);
      this.changed.add(topic);
    }
    if (topics.length) this.wanted.set(gatewaySn, { serials, topics });
    else this.wanted.delete(gatewaySn);
  }

  /** One batch at a time; calls made while one is out share the next. */
  private send(): Promise<void> {
    this.next ??= this.sending.then(() => {
      this.next = undefined;
      return this.flush();
    });
    this.sending = this.next;
    return this.next;
  }

  private async flush(): Promise<void> {
    const add: string[] = [];
    const remove: string[] = [];
    for (const topic of this.changed) {
      const wanted = this.wantedBy.has(topic);
      if (wanted && !this.subscribed.has(topic)) add.push(topic);
      else if (!wanted && this.subscribed.has(topic)) remove.push(topic);
    }
    this.changed.clear();
    const acquired = [...this.acquired];
    this.acquired.clear();
    const { bus, acquire, log } = this.options;
    if (acquired.length)
      await acquire(acquired).catch((error: unknown) => log.warn({ err: error, devices: acquired.length }, "mqtt: newly owned devices' state not loaded"));
    try {
      for (let i = 0; i < remove.length; i += BATCH) {
        const batch = remove.slice(i, i + BATCH);
        await bus.unsubscribeTopics(batch);
        batch.forEach((topic) => this.subscribed.delete(topic));
      }
      for (let i = 0; i < add.length; i += BATCH) {
        const batch = add.slice(i, i + BATCH);
        await bus.subscribeTopics(batch);
        batch.forEach((topic) => this.subscribed.add(topic));
      }
    } catch (error) {
      // Tried again with the next batch, whatever changes next.
      for (const topic of [...add, ...remove]) this.changed.add(topic);
      log.warn({ err: error }, 'mqtt: owned gateway subscriptions not updated');
    }
  }
}
