import { summariseBatch } from '../../../src/features/broker/batch';
import type { BrokerMessage } from '../../../src/features/broker/types';

/** An aircraft's DJI OSD envelope at epoch ms `at`. */
const aircraftOsd = (at = 1, data: Record<string, unknown> = {}) => ({
  tid: 't',
  bid: 'b',
  timestamp: at,
  data: { latitude: 22.5, longitude: 114, elevation: 80, horizontal_speed: 6, attitude_head: 90, mode_code: 5, battery: { capacity_percent: 70 }, ...data },
});
const osd = (sn: string, message: unknown): BrokerMessage => ({ topic: `thing/product/${sn}/osd`, message });

describe('summariseBatch', () => {
  it.each<[string, BrokerMessage[], Record<string, number>, Record<string, number>]>([
    [
      'one telemetry message per drone topic; the newest sample per drone is kept',
      [osd('A', aircraftOsd(1)), osd('B', aircraftOsd(1)), osd('A', aircraftOsd(2))],
      { A: 2, B: 1 },
      { 'thing/product/+/osd': 3 },
    ],
    [
      "an RC's or a dock's OSD, and anything that is not a valid DJI OSD envelope, adds no aircraft sample",
      [
        osd('RC1', { tid: 't', bid: 'b', timestamp: 1, data: { latitude: 22.5, longitude: 114, capacity_percent: 80 } }),
        osd('A', { sn: 'A', lat: 22.5, lng: 114, alt: 80, battery: 70, status: 'flying', at: 1 }),
        osd('A', aircraftOsd(1, { latitude: 123 })),
      ],
      {},
      { 'thing/product/+/osd': 3 },
    ],
    [
      'the binary fleet snapshot is counted, not read here (the situational view decodes it)',
      [{ topic: 'sysinfo/fleet', message: new Uint8Array([1, 0, 0, 0]) }],
      {},
      { 'sysinfo/fleet': 1 },
    ],
  ])('%s', (_name, messages, samplesAt, byTopic) => {
    const batch = summariseBatch(messages, 0, 10);
    expect(Object.fromEntries(Object.entries(batch.telemetry).map(([sn, sample]) => [sn, sample.at]))).toEqual(samplesAt);
    expect(batch.byTopic).toEqual(byTopic);
    expect(batch.received).toBe(messages.length);
  });

  it("normalises the aircraft OSD: position, height above take-off, speed, heading 0-360, battery; no status (the server's is shown)", () => {
    const batch = summariseBatch([osd('A', aircraftOsd(5, { attitude_head: -90 }))], 0, 10);
    expect(batch.telemetry.A).toEqual({ sn: 'A', lat: 22.5, lng: 114, alt: 80, speed: 6, heading: 270, battery: 70, at: 5 });
  });
});
