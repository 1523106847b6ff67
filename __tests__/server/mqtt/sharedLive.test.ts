import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DjiLive } from '@shared/dji/live';
import { SharedLive } from '../../../server/mqtt/gateway/sharedLive';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { warn: () => undefined };

const live = (sn: string, at: number, lat: number): DjiLive => ({ sn, kind: 'aircraft', at, lat, lng: 114, modeCode: 5 });

/** Two instances' SharedLive on one Redis hash, as instances splitting the uplink by gateway owner share it. */
describe("the devices' live state in Redis (SharedLive)", () => {
  const prefix = `t_${process.pid}_${randomBytes(3).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const owner = new SharedLive(redis, prefix, quiet);
  const formerOwner = new SharedLive(redis, prefix, quiet);
  afterAll(async () => {
    await redis.del(`${prefix}link:live`);
    redis.disconnect();
  });

  it("writes each device's newest state of a flush in one call, read by any instance", async () => {
    const calls = jest.spyOn(redis, 'eval');
    owner.changed(live('AC-1', 1000, 22.1));
    owner.changed(live('AC-1', 1100, 22.2));
    owner.changed(live('AC-2', 1000, 23));
    await owner.flush();
    expect(calls).toHaveBeenCalledTimes(1);
    calls.mockRestore();
    expect(await formerOwner.read('AC-1')).toEqual(live('AC-1', 1100, 22.2));
    expect(await formerOwner.read('AC-2')).toEqual(live('AC-2', 1000, 23));
    expect(await formerOwner.read('AC-NONE')).toBeUndefined();
    expect(await redis.pttl(`${prefix}link:live`)).toBeGreaterThan(0);
  });

  it('keeps the newest state when an older one is written late, and a gone device gone until it reports again', async () => {
    formerOwner.changed(live('AC-1', 1050, 21));
    await formerOwner.flush();
    expect(await owner.read('AC-1')).toMatchObject({ at: 1100, lat: 22.2 });

    formerOwner.gone('AC-1', 1200);
    await formerOwner.flush();
    expect(await owner.read('AC-1')).toBeUndefined();
    owner.changed(live('AC-1', 1150, 22.3));
    await owner.flush();
    expect(await owner.read('AC-1')).toBeUndefined();
    owner.changed(live('AC-1', 1300, 22.4));
    await owner.flush();
    expect(await formerOwner.read('AC-1')).toMatchObject({ at: 1300, lat: 22.4 });
  });

  it('writes nothing when nothing changed, and what is left when it stops', async () => {
    const calls = jest.spyOn(redis, 'eval');
    await owner.flush();
    expect(calls).not.toHaveBeenCalled();
    calls.mockRestore();
    owner.start();
    owner.changed(live('AC-3', 2000, 24));
    await owner.stop();
    expect(await formerOwner.read('AC-3')).toMatchObject({ at: 2000, lat: 24 });
  });

  it("reads several devices' states in one call, leaving out those with none or gone", async () => {
    owner.changed(live('AC-4', 3000, 25));
    owner.gone('AC-3', 3000);
    await owner.flush();
    const calls = jest.spyOn(redis, 'hmget');
    expect(await formerOwner.readMany(['AC-4', 'AC-3', 'AC-NONE', 'AC-1'])).toEqual([live('AC-4', 3000, 25), live('AC-1', 1300, 22.4)]);
    expect(calls).toHaveBeenCalledTimes(1);
    calls.mockRestore();
  });
});
