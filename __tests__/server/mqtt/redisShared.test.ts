import { randomBytes } from 'node:crypto';
import type { Aedes, AedesPublishPacket } from 'aedes';
import { shareBrokerThroughRedis } from '../../../server/mqtt/redisShared';
import { until } from '../../support/until';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined };

/** Two deployments on one Redis, told apart by REDIS_KEY_PREFIX only (one with a glob character in it). */
describe('brokers shared through Redis', () => {
  const run = randomBytes(3).toString('hex');
  const started: Aedes[] = [];
  // aedes closes the emitter (and its Redis connections) with the broker.
  afterAll(() => Promise.all(started.map((broker) => new Promise<void>((resolve) => broker.close(() => resolve())))));

  const instance = async (prefix: string, url = REDIS_URL) => {
    const { Aedes } = await import('aedes');
    const shared = shareBrokerThroughRedis({ url, keyPrefix: prefix, timeoutMs: 300, log: quiet });
    const broker = await Aedes.createBroker(shared);
    started.push(broker);
    return { broker, shared };
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

  /** Publishes on `from` until `to` hears it: both have joined the relay. */
  const joined = async (from: Aedes, to: Aedes) => {
    const probe = await listen(to, 'probe');
    await until(async () => {
      await publish(from, 'probe', 'p');
      return probe.heard.length > 0;
    });
  };

  it("keeps each deployment's messages to its own instances", async () => {
    const [first, firstTwin, other, otherTwin] = (
      await Promise.all([instance(`t_${run}_a*:`), instance(`t_${run}_a*:`), instance(`t_${run}_b:`), instance(`t_${run}_b:`)])
    ).map((i) => i.broker);
    await joined(first, firstTwin);
    await joined(otherTwin, other);
    const twin = await listen(firstTwin, 'thing/product/+/osd');
    const wildcard = await listen(other, 'thing/product/+/osd');
    const exact = await listen(other, 'thing/product/SN-1/osd');
    const marker = await listen(other, 'marker');

    const heardByTwin = twin.next();
    await publish(first, 'thing/product/SN-1/osd', 'from a');
    expect(await heardByTwin).toBe('thing/product/SN-1/osd from a');
    // Redis delivers in the order it took the messages: anything leaked from the first deployment comes before this
    // marker, relayed from the other deployment's second instance.
    const markerHeard = marker.next();
    await publish(otherTwin, 'marker', 'b');
    await markerHeard;
    expect([...wildcard.heard, ...exact.heard]).toEqual([]);
  });

  it("keeps another instance's retained messages for later subscribers, and delivers its own once", async () => {
    const [{ broker: first }, { broker: second, shared }] = await Promise.all([instance(`t_${run}_r:`), instance(`t_${run}_r:`)]);
    await joined(first, second);
    await joined(second, first);
    const own = await listen(first, 'sysinfo/weather');
    const heardBySecond = await listen(second, 'sysinfo/weather');
    const relayed = heardBySecond.next();
    await new Promise<void>((resolve, reject) =>
      first.publish({ cmd: 'publish', topic: 'sysinfo/weather', payload: Buffer.from('calm'), qos: 1, retain: true, dup: false }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    await relayed;
    const stored = await new Promise<string[]>((resolve) => {
      const found: string[] = [];
      shared.persistence
        .createRetainedStreamCombi(['sysinfo/#'])
        .on('data', (packet: AedesPublishPacket) => found.push(`${packet.topic} ${packet.payload.toString()}`))
        .on('end', () => resolve(found));
    });
    expect(stored).toEqual(['sysinfo/weather calm']);
    // Its own message came back from Redis too, and was not delivered a second time.
    const marker = await listen(first, 'marker');
    const markerHeard = marker.next();
    await publish(second, 'marker', 'r');
    await markerHeard;
    expect(own.heard).toEqual(['sysinfo/weather calm']);
  });

  it('delivers between clients of one instance at once while Redis is away, and counts what it could not relay', async () => {
    const { broker, shared } = await instance(`t_${run}_away:`, 'redis://127.0.0.1:1');
    const osd = await listen(broker, 'thing/product/+/osd');
    const heard = osd.next();
    const dropped = shared.mq.dropped;
    await publish(broker, 'thing/product/SN-2/osd', 'local');
    expect(await heard).toBe('thing/product/SN-2/osd local');
    expect(shared.mq.dropped).toBe(dropped + 1);
  });
});
