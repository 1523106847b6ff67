import { decodeFleet, encodeFleet } from '@shared/fleet/codec';
import { TOPIC_ALERTS, TOPIC_FLEET, TOPIC_NOTICES, type Telemetry } from '@shared/live';
import { scopedSysinfoTopic } from '@shared/topics';
import { scopeId, type SessionScope } from '../../../server/mqtt/browserScope';
import type { MessageBus } from '../../../server/mqtt/liveChannel';
import { SCOPE_ANNOUNCE_TOPIC, ScopedSysinfoBus } from '../../../server/mqtt/scopedSysinfo';

/** A broker shared by server instances, as the servers' account sees it: what was published, delivered to subscribers. */
class Broker {
  readonly published: Array<{ topic: string; payload: string | Buffer; retain: boolean }> = [];
  private readonly handlers: Array<{ filter: string; handler: (topic: string, payload: Buffer) => void }> = [];
  bus(): MessageBus {
    return {
      kind: 'external',
      publish: async (topic, payload, { retain }) => {
        this.published.push({ topic, payload, retain });
        for (const { filter, handler } of this.handlers) if (filter === topic) handler(topic, Buffer.from(payload));
      },
      subscribe: async (filter, handler) => void this.handlers.push({ filter, handler }),
      close: async () => undefined,
    };
  }
  on(topic: string) {
    return this.published.filter((p) => p.topic === topic);
  }
}

const rule = (deptId: number) => ({ scope: 'dept' as const, userId: deptId, deptId, deptIds: [deptId] });
const scopeOf = (deptId: number, ...serials: string[]): SessionScope => ({ rule: rule(deptId), serials: new Set(serials), projectIds: new Set() });
const sample = (sn: string): Telemetry => ({ sn, lat: 22.5, lng: 114, alt: 80, speed: 9, heading: 90, battery: 70, status: 'flying', at: 1_000 });
const fleetOf = (payload: string | Buffer | undefined) => {
  const decoded = decodeFleet(payload as Buffer);
  return decoded.ok ? decoded.fleet.sn : null;
};
const quiet = { warn: () => undefined };

describe("the scoped sysinfo topics on an external broker (each scope's share on its own topic)", () => {
  const team1 = scopeOf(1, 'AC-1');
  const team2 = scopeOf(2, 'AC-2');
  const fleet = Buffer.from(encodeFleet(1_000, [sample('AC-1'), sample('AC-2')]));

  it("publishes the message itself and each scope's share of it; topics that name nothing scoped are not copied", async () => {
    const broker = new Broker();
    const bus = new ScopedSysinfoBus(broker.bus(), quiet);
    const [id1, id2] = [await bus.add(team1), await bus.add(team2)];
    await bus.publish(TOPIC_FLEET, fleet, { retain: true, qos: 0 });
    expect(fleetOf(broker.on(TOPIC_FLEET)[0]?.payload)).toEqual(['AC-1', 'AC-2']);
    expect(fleetOf(broker.on(scopedSysinfoTopic(id1, TOPIC_FLEET))[0]?.payload)).toEqual(['AC-1']);
    expect(fleetOf(broker.on(scopedSysinfoTopic(id2, TOPIC_FLEET))[0]?.payload)).toEqual(['AC-2']);
    expect(broker.on(scopedSysinfoTopic(id1, TOPIC_FLEET))[0]?.retain).toBe(true);

    // An alert goes only to the scope that sees its device.
    const alert = JSON.stringify({ at: 1, alert: { device_sn: 'AC-2' }, activeCount: 7 });
    await bus.publish(TOPIC_ALERTS, alert, { retain: false, qos: 1 });
    expect(broker.on(scopedSysinfoTopic(id1, TOPIC_ALERTS))).toEqual([]);
    expect(JSON.parse(broker.on(scopedSysinfoTopic(id2, TOPIC_ALERTS))[0].payload.toString())).toEqual({ at: 1, alert: { device_sn: 'AC-2' } });
    const before = broker.published.length;
    await bus.publish(TOPIC_NOTICES, '{}', { retain: false, qos: 1 });
    expect(broker.published.length).toBe(before + 1);
  });

  it("gives a scope another instance issued an account for the retained topics' last messages at once", async () => {
    const broker = new Broker();
    const publishing = new ScopedSysinfoBus(broker.bus(), quiet);
    await publishing.start();
    await publishing.publish(TOPIC_FLEET, fleet, { retain: true, qos: 0 });
    const issuing = new ScopedSysinfoBus(broker.bus(), quiet);
    const id = await issuing.add(team1);
    expect(broker.on(SCOPE_ANNOUNCE_TOPIC)).toHaveLength(1);
    const shares = broker.on(scopedSysinfoTopic(id, TOPIC_FLEET));
    expect(shares.map((share) => [fleetOf(share.payload), share.retain])).toEqual([[['AC-1'], true]]);
    await publishing.publish(TOPIC_FLEET, fleet, { retain: true, qos: 0 });
    expect(broker.on(scopedSysinfoTopic(id, TOPIC_FLEET))).toHaveLength(2);
  });

  it('drops a scope no session held at two re-syncs running, clearing its retained shares', async () => {
    const broker = new Broker();
    const bus = new ScopedSysinfoBus(broker.bus(), quiet);
    await bus.add(team1);
    const id2 = await bus.add(team2);
    await bus.publish(TOPIC_FLEET, fleet, { retain: true, qos: 0 });
    const topic = scopedSysinfoTopic(id2, TOPIC_FLEET);
    await bus.replace([team1]);
    await bus.publish(TOPIC_FLEET, fleet, { retain: true, qos: 0 });
    expect(broker.on(topic)).toHaveLength(2);
    await bus.replace([team1]);
    expect(broker.on(topic).at(-1)).toEqual({ topic, payload: '', retain: true });
    await bus.publish(TOPIC_FLEET, fleet, { retain: true, qos: 0 });
    expect(broker.on(topic)).toHaveLength(3);
    expect(scopeId(team2)).toBe(id2);
  });
});
