import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { updateTopoSchema } from '@shared/dji/topology';
import { SharedTopology, type TopologyDeclaration } from '../../../server/mqtt/gateway/sharedTopology';
import { aircraft, DOCK } from './dji';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined };

const declaration = (at: number, ...drones: string[]): TopologyDeclaration => ({
  gatewaySn: 'DOCK-1',
  at,
  topo: updateTopoSchema.parse({ ...DOCK, thing_version: '1.1.2', sub_devices: drones.map(aircraft) }),
});

/** Instances sharing gateway topologies through Redis (external broker, `$share`). */
describe('gateway topologies shared in Redis (SharedTopology)', () => {
  const keyPrefix = `t_${process.pid}_${randomBytes(3).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const instances: SharedTopology[] = [];
  const instance = () => {
    const topology = new SharedTopology({ url: REDIS_URL, keyPrefix, timeoutMs: 2000, log: quiet });
    instances.push(topology);
    return topology;
  };
  afterAll(async () => {
    await Promise.all(instances.map((topology) => topology.close()));
    await redis.del(`${keyPrefix}link:topology`);
    redis.disconnect();
  });

  it("keeps a gateway's newest declaration when two cross, for an instance that starts later", async () => {
    const receiving = instance();
    await receiving.join(() => undefined);
    // The second update_topo of the gateway (a drone joined) is announced before the first one's announce is out.
    await receiving.publish(declaration(2000, 'DRONE-1', 'DRONE-2'));
    await receiving.publish(declaration(1000, 'DRONE-1'));

    const applied: TopologyDeclaration[] = [];
    await instance().join((heard) => applied.push(heard));
    expect(applied).toEqual([declaration(2000, 'DRONE-1', 'DRONE-2')]);
  });

  it('hands what one instance declares to the others as it is made, not back to itself', async () => {
    const heardByOthers: TopologyDeclaration[] = [];
    const heardByItself: TopologyDeclaration[] = [];
    const receiving = instance();
    await receiving.join((heard) => heardByItself.push(heard));
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await instance().join((heard) => {
      heardByOthers.push(heard);
      if (heard.at === 3000) arrive();
    });
    await receiving.publish(declaration(3000));
    await arrived;
    expect(heardByOthers.at(-1)).toEqual(declaration(3000));
    expect(heardByItself.map((heard) => heard.at)).toEqual([2000]);
  });
});
