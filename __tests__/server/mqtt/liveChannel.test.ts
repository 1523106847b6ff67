import { decodeFleet, telemetryOf } from '@shared/fleet/codec';
import type { DeviceStatus, Telemetry } from '@shared/live';
import { LiveChannel, withTasksFlown, type DeviceDirectory, type LiveChannelOptions, type MessageBus } from '../../../server/mqtt/liveChannel';
import { DEFAULT_AREA, SimulatedWeatherProvider } from '../../../server/mqtt/weather';

function setup(options: Partial<LiveChannelOptions> = {}) {
  let now = 1_000_000;
  /** JSON payloads parsed; binary ones (sysinfo/fleet) as published. */
  const published: Array<{ topic: string; payload: Record<string, unknown> | Buffer; retain: boolean }> = [];
  const writes: string[] = [];
  const bus: MessageBus = {
    kind: 'embedded',
    publish: async (topic, payload, { retain }) => void published.push({ topic, payload: typeof payload === 'string' ? JSON.parse(payload) : payload, retain }),
    subscribe: async () => undefined,
    close: async () => undefined,
  };
  const directory: DeviceDirectory = {
    // REG-1 is registered; any other serial seen live is not.
    countDevices: async (live) => 1 + live.filter((sn) => sn !== 'REG-1').length,
    recordPresence: async (batch) => void writes.push(...batch.map((w) => `${w.sn}:${w.status}`)),
    listAreas: async () => [DEFAULT_AREA],
  };
  const log = { debug: jest.fn(), warn: jest.fn() };
  const channel = new LiveChannel({
    bus,
    directory,
    weather: new SimulatedWeatherProvider(),
    sysinfoIntervalMs: 10_000,
    deviceTimeoutMs: 30_000,
    log,
    now: () => now,
    ...options,
  });
  return { channel, published, writes, log, advance: (ms: number) => (now += ms) };
}

const sample = (sn: string, status: DeviceStatus = 'flying'): Telemetry => ({
  sn,
  lat: 22.5,
  lng: 114,
  alt: 50,
  speed: 5,
  heading: 10,
  battery: 90,
  status,
  at: 1,
});
const observe = (channel: LiveChannel, s: Telemetry) => channel.observe(s.sn, s.status, s, true);

describe('LiveChannel', () => {
  it('publishes retained online + weather at start, counting registered devices', async () => {
    const { channel, published } = setup();
    await channel.start();
    await channel.stop();
    expect(published.map((p) => [p.topic, p.retain])).toEqual([
      ['sysinfo/online', true],
      ['sysinfo/weather', true],
    ]);
    expect(published[0].payload).toEqual({ kind: 'snapshot', seq: expect.any(Number), statuses: {}, total: 1, at: expect.any(Number) });
  });

  it('telemetry brings a drone online; 30 s of silence takes it offline', async () => {
    const { channel, advance, writes } = setup();
    observe(channel, sample('D1'));
    expect(channel.onlineStatuses()).toEqual({ D1: 'flying' });
    advance(29_000);
    channel.sweep();
    expect(channel.onlineStatuses()).toEqual({ D1: 'flying' });
    advance(2_000);
    await channel.flushPresence();
    channel.sweep();
    expect(channel.onlineStatuses()).toEqual({});
    await channel.flushPresence();
    expect(writes).toEqual(['D1:flying', 'D1:offline']);
    await channel.stop();
  });

  it('a failed presence write is logged as a warning and leaves the channel running', async () => {
    const failure = new Error('database is locked');
    const { channel, log } = setup({
      directory: { countDevices: async () => 0, recordPresence: () => Promise.reject(failure), listAreas: async () => [DEFAULT_AREA] },
    });
    observe(channel, sample('D1'));
    await channel.flushPresence();
    expect(log.warn).toHaveBeenCalledWith({ err: failure, devices: 1 }, 'mqtt: device presence write failed');
    expect(channel.onlineStatuses()).toEqual({ D1: 'flying' });
    await channel.stop();
  });

  it('sysinfo/online: a retained snapshot, then unretained deltas with every change since it; many changes make a new snapshot', async () => {
    const { channel, published, advance } = setup();
    await channel.publishOnline('snapshot');
    observe(channel, sample('D1'));
    await channel.publishOnline();
    observe(channel, sample('D2', 'online'));
    channel.observe('D1', 'online', sample('D1', 'online'), true);
    await channel.publishOnline();
    advance(31_000);
    channel.sweep();
    await channel.publishOnline();
    const online = published.filter((p) => p.topic === 'sysinfo/online').map(({ payload, retain }) => ({ ...(payload as { seq: number }), retain }));
    const base = online[0].seq;
    expect(online).toEqual([
      // Not started: no devices counted, the total is those online.
      { kind: 'snapshot', seq: base, at: expect.any(Number), total: 0, statuses: {}, retain: true },
      { kind: 'delta', seq: expect.any(Number), base, at: expect.any(Number), total: 1, set: { D1: 'flying' }, removed: [], retain: false },
      { kind: 'delta', seq: expect.any(Number), base, at: expect.any(Number), total: 2, set: { D1: 'online', D2: 'online' }, removed: [], retain: false },
      // Back to the snapshot's list: an empty delta.
      { kind: 'delta', seq: expect.any(Number), base, at: expect.any(Number), total: 0, set: {}, removed: [], retain: false },
    ]);
    const seqs = online.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);

    // 100 devices appearing are more than a delta carries: a new retained snapshot.
    for (let i = 0; i < 100; i++) channel.observe(`N${i}`, 'online', null, false);
    await channel.publishOnline();
    const last = published[published.length - 1];
    expect(last).toMatchObject({ topic: 'sysinfo/online', retain: true, payload: { kind: 'snapshot' } });
    expect(Object.keys((last.payload as { statuses: object }).statuses)).toHaveLength(100);
    await channel.stop();
  });

  it('a device without a position (RC, dock) changes status without joining the fleet', async () => {
    const { channel, published, writes } = setup();
    channel.observe('RC1', 'online', null, false);
    channel.observe('DOCK1', 'maintenance', sample('DOCK1', 'maintenance'), false);
    expect(channel.onlineStatuses()).toEqual({ RC1: 'online', DOCK1: 'maintenance' });
    await channel.flushPresence();
    expect(writes).toEqual(['RC1:online', 'DOCK1:maintenance']);
    await channel.publishFleet();
    expect(published.map(({ topic, payload }) => [topic, decodeFleet(payload as Buffer)])).toMatchObject([
      ['sysinfo/fleet', { ok: true, fleet: { count: 0 } }],
    ]);
  });

  it('publishes the newest sample of every aircraft online on sysinfo/fleet, retained, so a new subscriber sees the whole fleet at once', async () => {
    const { channel, published, advance } = setup();
    const snapshots = () => published.map(({ payload }) => decodeFleet(payload as Buffer));
    // At start, with none online: one empty snapshot replaces whatever a previous run retained, then nothing.
    await channel.publishFleet();
    await channel.publishFleet();
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ topic: 'sysinfo/fleet', retain: true });
    expect(snapshots()[0]).toMatchObject({ ok: true, fleet: { count: 0 } });
    observe(channel, sample('D1', 'online'));
    observe(channel, sample('D2'));
    observe(channel, sample('D1', 'flying'));
    await channel.publishFleet();
    expect(published).toHaveLength(2);
    expect(published[1]).toMatchObject({ topic: 'sysinfo/fleet', retain: true });
    const first = snapshots()[1];
    expect(first).toMatchObject({ ok: true, fleet: { at: 1_000_000, count: 2, rejected: 0, sn: ['D1', 'D2'] } });
    if (first.ok) expect(telemetryOf(first.fleet, 0)).toEqual(sample('D1', 'flying'));
    // Nothing new reported: the next snapshot still carries both (a subscriber that just arrived needs them).
    await channel.publishFleet();
    expect(snapshots()[2]).toMatchObject({ ok: true, fleet: { count: 2, sn: ['D1', 'D2'] } });
    // An aircraft that goes offline leaves the snapshot; when none is online, one empty snapshot, then nothing.
    channel.deviceDisconnected('D2');
    await channel.publishFleet();
    expect(snapshots()[3]).toMatchObject({ ok: true, fleet: { count: 1, sn: ['D1'] } });
    advance(60_000);
    channel.sweep();
    await channel.publishFleet();
    await channel.publishFleet();
    expect(published).toHaveLength(5);
    expect(snapshots()[4]).toMatchObject({ ok: true, fleet: { count: 0 } });
    expect(channel.stats.fleetPublished).toBe(5);
    await channel.stop();
  });
});

describe('sysinfo/fleet names the platform task each aircraft flies', () => {
  it.each<[string, Array<Partial<Telemetry>>, Array<[string, number]>, Array<string | number | undefined>]>([
    ['none flown', [{ sn: 'A' }], [], [undefined]],
    ['by serial', [{ sn: 'A' }, { sn: 'B' }], [['B', 19]], [undefined, 19]],
    ['a task the sample names itself stays', [{ sn: 'A', taskId: 'river-9' }], [['A', 19]], ['river-9']],
  ])('%s', (_what, samples, tasks, taskIds) =>
    expect(
      withTasksFlown(
        samples.map((s) => ({ ...sample(s.sn!), ...s })),
        new Map(tasks),
      ).map((s) => s.taskId),
    ).toEqual(taskIds),
  );

  it('from the tasks flown when it publishes; without them when they cannot be read', async () => {
    let flown: () => Promise<ReadonlyMap<string, number>> = async () => new Map([['D1', 19]]);
    const { channel, published, log } = setup({ tasksFlown: () => flown() });
    observe(channel, sample('D1'));
    observe(channel, sample('D2'));
    await channel.publishFleet();
    flown = () => Promise.reject(new Error('database gone'));
    await channel.publishFleet();
    const taskIds = published.map(({ payload }) => {
      const decoded = decodeFleet(payload as Buffer);
      return decoded.ok ? decoded.fleet.taskId : null;
    });
    expect(taskIds).toEqual([
      [19, undefined],
      [undefined, undefined],
    ]);
    expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'live channel: the tasks flown could not be read');
    await channel.stop();
  });
});
