import { summariseBatch, TRAIL_LENGTH } from '../../../src/features/broker/batch';
import type { BrokerMessage } from '../../../src/features/broker/types';
import type { Telemetry } from '@shared/live';

const sample = (sn: string, at = 1, extra: Partial<Telemetry> = {}): Telemetry => ({
  sn,
  lat: 22.5,
  lng: 114,
  alt: 80,
  speed: 6,
  heading: 90,
  battery: 70,
  status: 'flying',
  at,
  ...extra,
});
const osd = (s: Telemetry): BrokerMessage => ({ topic: `thing/product/${s.sn}/osd`, message: s });
const fleet = (drones: unknown): BrokerMessage => ({ topic: 'sysinfo/fleet', message: { at: 5, drones } });

describe('summariseBatch', () => {
  it.each<[string, BrokerMessage[], Record<string, number[]>, Record<string, number>]>([
    [
      'one telemetry message per drone topic',
      [osd(sample('A', 1)), osd(sample('B', 1)), osd(sample('A', 2))],
      { A: [1, 2], B: [1] },
      { 'thing/product/+/osd': 3 },
    ],
    [
      'a telemetry payload whose serial is not its topic is ignored',
      [{ topic: 'thing/product/A/osd', message: sample('B') }],
      {},
      { 'thing/product/+/osd': 1 },
    ],
    ['a fleet snapshot adds each drone it carries', [fleet([sample('A', 1), sample('B', 1)])], { A: [1], B: [1] }, { 'sysinfo/fleet': 1 }],
    [
      'fleet entries that are not telemetry are skipped, the rest kept',
      [fleet([sample('A', 3), { sn: 'X' }, null, 'bad'])],
      { A: [3] },
      { 'sysinfo/fleet': 1 },
    ],
    ['a fleet message without a drone list adds nothing', [fleet('nope'), { topic: 'sysinfo/fleet', message: null }], {}, { 'sysinfo/fleet': 2 }],
    [
      'snapshots in one flush line up as a trail, after per-drone messages',
      [osd(sample('A', 1)), fleet([sample('A', 2)]), fleet([sample('A', 3)])],
      { A: [1, 2, 3] },
      { 'thing/product/+/osd': 1, 'sysinfo/fleet': 2 },
    ],
  ])('%s', (_name, messages, samplesAt, byTopic) => {
    const batch = summariseBatch(messages, 0, 10);
    expect(Object.fromEntries(Object.entries(batch.telemetry).map(([sn, list]) => [sn, list.map((s) => s.at)]))).toEqual(samplesAt);
    expect(batch.byTopic).toEqual(byTopic);
    expect(batch.received).toBe(messages.length);
  });

  it(`keeps at most ${TRAIL_LENGTH} samples per drone, the newest`, () => {
    const messages = Array.from({ length: TRAIL_LENGTH * 3 }, (_, i) => fleet([sample('A', i)]));
    const ats = summariseBatch(messages, 0, 10).telemetry.A.map((s) => s.at);
    expect(ats).toHaveLength(TRAIL_LENGTH);
    expect(ats[ats.length - 1]).toBe(TRAIL_LENGTH * 3 - 1);
  });
});
