import type { FastifyBaseLogger } from 'fastify';
import type { DjiLive } from '@shared/dji/live';
import { DEFAULT_DETECTOR_CONFIG } from '@shared/flight/detect';
import { FlightRecorder } from '../../../server/flightRecords/recorder';
import type { DetectedFlight } from '../../../server/flightRecords/store';

const log = { error: jest.fn(), warn: jest.fn() } as unknown as FastifyBaseLogger;
const ground = { modeCode: 0, elevation: 0, horizontalSpeed: 0 };
const air = { modeCode: 5, elevation: 50, horizontalSpeed: 8 };

function setup(pilots: Record<string, number> = { 'RC-1': 42 }) {
  const saved: DetectedFlight[] = [];
  let now = 0;
  const recorder = new FlightRecorder({
    save: async (flight) => (saved.push(flight), saved.length),
    pilotOf: (gatewaySn) => pilots[gatewaySn] ?? null,
    log,
    silenceCheckMs: 1000,
    now: () => now,
  });
  const report = (at: number, live: Partial<DjiLive>, i = at / 1000) => {
    now = at;
    recorder.onSample({
      sn: 'AC-1',
      gatewaySn: 'RC-1',
      at,
      live: { sn: 'AC-1', kind: 'aircraft', at, lat: 22 + i * 1e-4, lng: 114, battery: 100 - i, ...live },
    });
  };
  return { recorder, saved, report, setNow: (value: number) => (now = value) };
}

describe('flight recorder', () => {
  afterEach(() => jest.useRealTimers());

  it('stores one flight from the first report of the take-off run to the first report of the landing run', async () => {
    const { recorder, saved, report } = setup();
    const script = [ground, ground, ground, air, air, air, air, ground, ground, ground, ground];
    script.forEach((live, i) => report(i * 1000, live));
    await recorder.stop();
    expect(saved).toHaveLength(1);
    const [flight] = saved;
    expect(flight).toMatchObject({ deviceSn: 'AC-1', gatewaySn: 'RC-1', gatewayPilotId: 42 });
    expect(flight.samples.map((s) => s.at)).toEqual([3000, 4000, 5000, 6000, 7000]);
    expect(flight.samples.map((s) => s.battery)).toEqual([97, 96, 95, 94, 93]);
  });

  it('closes a flight whose reports stop, on its timer, at the last report', async () => {
    jest.useFakeTimers();
    const { recorder, saved, report, setNow } = setup();
    recorder.start();
    [ground, air, air, air, air].forEach((live, i) => report(i * 1000, live));
    setNow(4000 + DEFAULT_DETECTOR_CONFIG.silenceMs - 1);
    jest.advanceTimersByTime(1000);
    expect(saved).toHaveLength(0);
    setNow(4000 + DEFAULT_DETECTOR_CONFIG.silenceMs);
    jest.advanceTimersByTime(1000);
    await recorder.stop();
    expect(saved.map((f) => f.samples.map((s) => s.at))).toEqual([[1000, 2000, 3000, 4000]]);
  });

  it('after a restart mid-flight the record starts at the first report heard; reports without a position still count for detection', async () => {
    const { recorder, saved, report } = setup({});
    [air, air, { ...air, lat: undefined }, air, ground, ground, ground].forEach((live, i) => report(i * 1000, live));
    await recorder.stop();
    expect(saved).toHaveLength(1);
    expect(saved[0].gatewayPilotId).toBeNull();
    // The report without a position is not in the track.
    expect(saved[0].samples.map((s) => s.at)).toEqual([0, 1000, 3000, 4000]);
  });

  it('a failed write is logged and does not stop later flights', async () => {
    const saved: number[] = [];
    let calls = 0;
    const recorder = new FlightRecorder({
      save: async () => {
        if (++calls === 1) throw new Error('database down');
        saved.push(calls);
        return calls;
      },
      pilotOf: () => null,
      log,
    });
    const recorded: number[] = [];
    recorder.onRecorded((r) => recorded.push(r.id));
    let at = 0;
    const fly = () =>
      [ground, ground, ground, air, air, air, ground, ground, ground].forEach((live) =>
        recorder.onSample({ sn: 'AC-2', gatewaySn: undefined, at: (at += 1000), live: { sn: 'AC-2', kind: 'aircraft', at, lat: 22, lng: 114, ...live } }),
      );
    fly();
    await recorder.stop();
    fly();
    await recorder.stop();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ sn: 'AC-2' }), 'flight record: write failed');
    expect(recorded).toEqual([2]);
  });
});
