import { updateTopoSchema } from '@shared/dji/topology';
import type { TopicSubscriptions } from '../../../server/mqtt/external';
import { OwnedUplink } from '../../../server/mqtt/gateway/ownedUplink';
import { LinkTopology } from '../../../server/mqtt/gateway/topology';
import { ownerOf } from '../../../server/mqtt/ownership';
import { aircraft, DOCK } from './dji';

/** The broker side as the owner drives it: the packets sent, and what is subscribed after them. */
class Broker implements TopicSubscriptions {
  readonly packets: Array<{ kind: 'subscribe' | 'unsubscribe'; topics: string[] }> = [];
  readonly subscribed = new Set<string>();
  listen(): void {}
  async subscribeTopics(topics: readonly string[]) {
    this.packets.push({ kind: 'subscribe', topics: [...topics] });
    topics.forEach((t) => this.subscribed.add(t));
  }
  async unsubscribeTopics(topics: readonly string[]) {
    this.packets.push({ kind: 'unsubscribe', topics: [...topics] });
    topics.forEach((t) => this.subscribed.delete(t));
  }
}

const topo = (...subs: string[]) => updateTopoSchema.parse({ ...DOCK, thing_version: '1.1.2', sub_devices: subs.map(aircraft) });
const dockTopics = (sn: string, ...subs: string[]) => [
  ...['osd', 'state', 'events', 'requests'].map((c) => `thing/product/${sn}/${c}`),
  ...subs.flatMap((s) => [`thing/product/${s}/osd`, `thing/product/${s}/state`]),
];

function setUp(id: string, members: string[]) {
  const broker = new Broker();
  const topology = new LinkTopology();
  const live = { list: members, listeners: [] as (() => void)[] };
  /** The devices handed to `acquire`, and how many packets had gone out then. */
  const acquired: Array<{ serials: string[]; packetsBefore: number }> = [];
  const uplink = new OwnedUplink({
    bus: broker,
    members: { id, members: () => live.list, onChange: (listener) => live.listeners.push(listener) },
    topology,
    acquire: async (serials) => void acquired.push({ serials: [...serials], packetsBefore: broker.packets.length }),
    log: { warn: () => undefined },
  });
  uplink.listen(() => undefined);
  const changeMembers = (list: string[]) => {
    live.list = list;
    live.listeners.forEach((l) => l());
  };
  return { broker, topology, uplink, changeMembers, acquired };
}

/** Docks DOCK-0… and which of members a, b owns each. */
const docks = Array.from({ length: 40 }, (_, i) => `DOCK-${i}`);

describe('OwnedUplink: the owner alone subscribes to a gateway, following topology and members', () => {
  it('subscribes to the docks it owns and their drones in one packet, not to the others', async () => {
    const { broker, topology, uplink } = setUp('a', ['a', 'b']);
    docks.forEach((sn, i) => topology.apply(sn, topo(`DRONE-${i}`), 1));
    await Promise.all(docks.map((sn) => uplink.follow(sn)));
    const mine = docks.flatMap((sn, i) => (ownerOf(sn, ['a', 'b']) === 'a' ? dockTopics(sn, `DRONE-${i}`) : []));
    expect(mine.length).toBeGreaterThan(0);
    expect(broker.packets).toEqual([{ kind: 'subscribe', topics: mine }]);
    expect(uplink.topicCount()).toBe(mine.length);
  });

  it.each([
    { what: 'a new drone', from: ['DRONE-1'], to: ['DRONE-1', 'DRONE-2'], packets: [{ kind: 'subscribe', topics: dockTopics('X', 'DRONE-2').slice(4) }] },
    { what: 'a drone gone', from: ['DRONE-1', 'DRONE-2'], to: ['DRONE-2'], packets: [{ kind: 'unsubscribe', topics: dockTopics('X', 'DRONE-1').slice(4) }] },
    { what: 'the same topology again', from: ['DRONE-1'], to: ['DRONE-1'], packets: [] },
  ])('follows $what with a packet of the difference only', async ({ from, to, packets }) => {
    const { broker, topology, uplink } = setUp('a', ['a']);
    topology.apply('X', topo(...from), 1);
    await uplink.follow('X');
    broker.packets.length = 0;
    topology.apply('X', topo(...to), 2);
    await uplink.follow('X');
    expect(broker.packets).toEqual(packets);
    expect([...broker.subscribed]).toEqual(dockTopics('X', ...to));
  });

  it('subscribes to what an update_topo declares before it is applied (prepare), and no more once it is', async () => {
    const { broker, topology, uplink } = setUp('a', ['a']);
    await uplink.prepare('X', ['DRONE-1']);
    expect([...broker.subscribed]).toEqual(dockTopics('X', 'DRONE-1'));
    topology.apply('X', topo('DRONE-1'), 1);
    await uplink.follow('X');
    expect(broker.packets).toHaveLength(1);
  });

  it('takes the gateways a member that left owned, and hands over those a member that joined wins', async () => {
    const { broker, topology, uplink, changeMembers } = setUp('a', ['a', 'b']);
    docks.forEach((sn) => topology.apply(sn, topo(), 1));
    await uplink.rebalance();
    const owned = (members: string[]) => docks.filter((sn) => ownerOf(sn, members) === 'a').flatMap((sn) => dockTopics(sn));
    expect([...broker.subscribed].sort()).toEqual(owned(['a', 'b']).sort());

    changeMembers(['a']);
    await uplink.rebalance();
    expect([...broker.subscribed].sort()).toEqual(owned(['a']).sort());
    for (const sn of docks) expect(uplink.owns(sn)).toBe(true);

    changeMembers(['a', 'b', 'c']);
    await uplink.rebalance();
    expect([...broker.subscribed].sort()).toEqual(owned(['a', 'b', 'c']).sort());
    expect(broker.packets.at(-1)?.kind).toBe('unsubscribe');
  });

  it('hands the devices it newly owns to acquire before it subscribes to them, once', async () => {
    const { broker, topology, uplink, changeMembers, acquired } = setUp('a', ['a', 'b']);
    docks.forEach((sn, i) => topology.apply(sn, topo(`DRONE-${i}`), 1));
    await uplink.rebalance();
    const devices = (members: string[]) => docks.flatMap((sn, i) => (ownerOf(sn, members) === 'a' ? [sn, `DRONE-${i}`] : []));
    expect(acquired).toEqual([{ serials: devices(['a', 'b']), packetsBefore: 0 }]);

    changeMembers(['a']);
    await uplink.rebalance();
    const taken = devices(['a']).filter((sn) => !devices(['a', 'b']).includes(sn));
    expect(acquired.slice(1)).toEqual([{ serials: taken, packetsBefore: 1 }]);
    expect(broker.packets).toHaveLength(2);

    // A drone joining an owned dock is new to this instance too; the same topology again acquires nothing.
    const [dock] = docks;
    topology.apply(dock, topo('DRONE-0', 'DRONE-NEW'), 2);
    await uplink.follow(dock);
    await uplink.follow(dock);
    expect(acquired.slice(2)).toEqual([{ serials: ['DRONE-NEW'], packetsBefore: 2 }]);
  });
});
