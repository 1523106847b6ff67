import { randomBytes } from 'node:crypto';
import type { Aedes, AedesPublishPacket } from 'aedes';
import { shareBrokerThroughRedis, type SharedBroker } from '../../../server/mqtt/redisShared';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two deployments on one Redis, told apart by REDIS_KEY_PREFIX only (one with a glob character in it). */
describe('brokers shared through Redis', () => {
  const run = randomBytes(3).toString('hex');
  const started: { broker: Aedes; shared: SharedBroker }[] = [];
  afterAll(async () => {
    // As the server stops: the persistence first, then the broker (which closes the emitter).
    for (const { broker, shared } of started) {
      await shared.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    }
  });

  const instance = async (prefix: string) => {
    const { Aedes } = await import('aedes');
    const shared = await shareBrokerThroughRedis(REDIS_URL, prefix);
    const broker = await Aedes.createBroker(shared);
    started.push({ broker, shared });
    return broker;
  };
  /** Subscribes `filter`; `heard` collects what arrives, `next` resolves with the next message's topic and payload. */
  const listen = async (broker: Aedes, filter: string) => {
    const heard: string[] = [];
    let arrived: (text: string) => void = () => undefined;
    await new Promise<void>((resolve) =>
      broker.subscribe(
        filter,
        (packet: AedesPublishPacket, done: () => void) => {
          const text = `${packet.topic} ${packet.payload.toString()}`;
          heard.push(text);
          arrived(text);
          done();
        },
        resolve,
      ),
    );
    return { heard, next: () => new Promise<string>((resolve) => (arrived = resolve)) };
  };
  const publish = (broker: Aedes, topic: string, payload: string) =>
    new Promise<void>((resolve, reject) =>
      broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );

  it("keeps each deployment's messages to its own instances", async () => {
    const [first, firstTwin, other] = await Promise.all([instance(`t_${run}_a*:`), instance(`t_${run}_a*:`), instance(`t_${run}_b:`)]);
    const twin = await listen(firstTwin, 'thing/product/+/osd');
    const wildcard = await listen(other, 'thing/product/+/osd');
    const exact = await listen(other, 'thing/product/SN-1/osd');
    const marker = await listen(other, 'marker');

    const heardByTwin = twin.next();
    await publish(first, 'thing/product/SN-1/osd', 'from a');
    expect(await heardByTwin).toBe('thing/product/SN-1/osd from a');
    // Redis delivers to a subscriber in publish order: anything leaked from the first deployment came before this.
    const markerHeard = marker.next();
    await publish(other, 'marker', 'b');
    await markerHeard;
    expect([...wildcard.heard, ...exact.heard]).toEqual([]);
  });
});
