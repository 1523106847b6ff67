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
    [
      'the binary fleet snapshot is counted, not read here (the situational view decodes it)',
      [{ topic: 'sysinfo/fleet', message: new Uint8Array([1, 0, 0, 0]) }],
      {},
      { 'sysinfo/fleet': 1 },
    ],
  ])('%s', (_name, messages, samplesAt, byTopic) => {
    const batch = summariseBatch(messages, 0, 10);
    expect(Object.fromEntries(Object.entries(batch.telemetry).map(([sn, list]) => [sn, list.map((s) => s.at)]))).toEqual(samplesAt);
    expect(batch.byTopic).toEqual(byTopic);
    expect(batch.received).toBe(messages.length);
  });

  it(`keeps at most ${TRAIL_LENGTH} samples per drone, the newest`, () => {
    const messages = Array.from({ length: TRAIL_LENGTH * 3 }, (_, i) => osd(sample('A', i)));
    const ats = summariseBatch(messages, 0, 10).telemetry.A.map((s) => s.at);
    expect(ats).toHaveLength(TRAIL_LENGTH);
    expect(ats[ats.length - 1]).toBe(TRAIL_LENGTH * 3 - 1);
  });
});
