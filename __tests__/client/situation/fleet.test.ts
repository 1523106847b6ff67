import type { AreaOverlay } from '../../../src/features/map/types';
import { listRows, nearestSlot, onScreen, slotColour } from '../../../src/features/situation/fleet';
import { TRAIL_LENGTH, type FromFleetWorker } from '../../../src/features/situation/fleetFrame';
import { fleetWorkerHandler } from '../../../src/features/situation/fleetWorkerHandler';
import { FleetModel } from '../../../src/features/situation/fleetModel';
import { mercatorX, mercatorY, toScreenX, toScreenY, type View } from '../../../src/features/situation/projection';
import reducer, {
  droneSelected,
  fleetClosed,
  fleetSnapshotApplied,
  followToggled,
  initialSituationState,
  statusFilterChanged,
} from '../../../src/features/situation/situationSlice';
import { sample, snapshotBytes, snapshotColumns } from './fleetFixtures';

const box: AreaOverlay = {
  id: 1,
  name: 'approved',
  deviceSerial: null,
  area: {
    type: 'Polygon',
    coordinates: [
      [
        [114, 22],
        [115, 22],
        [115, 23],
        [114, 23],
        [114, 22],
      ],
    ],
  },
};

function fleetOf(...snapshots: Array<Parameters<typeof sample>[]>) {
  const model = new FleetModel();
  for (const snapshot of snapshots) model.apply(snapshotColumns(snapshot.map((args) => sample(...args))));
  return model;
}

describe('FleetModel', () => {
  it('keeps one slot per serial, the newest sample, a trail of the last positions, counts and serial order', () => {
    const model = new FleetModel();
    model.apply(snapshotColumns([sample('B2', { taskId: 17 }), sample('A1', { status: 'online' })]));
    for (let i = 1; i <= TRAIL_LENGTH + 5; i++) model.apply(snapshotColumns([sample('B2', { lat: 22 + i / 100, heading: i, taskId: 17 })]));
    const frame = model.frame();
    expect(frame).toMatchObject({ version: TRAIL_LENGTH + 6, count: 2, sn: ['B2', 'A1'], taskId: [17, undefined] });
    expect([...frame.order]).toEqual([1, 0]);
    expect(frame.lat[0]).toBeCloseTo(22 + (TRAIL_LENGTH + 5) / 100);
    expect(frame.heading[0]).toBe(TRAIL_LENGTH + 5);
    expect([...frame.trailCount]).toEqual([TRAIL_LENGTH, 1]);
    // Oldest first, newest last; the newest is the current position.
    expect(frame.trail[(TRAIL_LENGTH - 1) * 2 + 1]).toBe(frame.y[0]);
    expect(frame.trail[1]).toBeCloseTo(mercatorY(22 + 6 / 100));
    expect(frame.counts).toEqual({ flying: 1, online: 1, maintenance: 0, offline: 0, flagged: 1 });
  });

  it('flags flying drones outside the approved airspace, and re-flags when the airspace changes', () => {
    const model = fleetOf([
      ['IN', { lat: 22.5, lng: 114.5 }],
      ['OUT', { lat: 30, lng: 120 }],
      ['GROUND', { lat: 30, lng: 120, status: 'online' }],
    ]);
    expect([...model.frame().flagged]).toEqual([1, 1, 0]);
    model.setAirspace([box]);
    expect([...model.frame().flagged]).toEqual([0, 1, 0]);
    expect(model.frame().counts.flagged).toBe(1);
  });

  it('hands out copies: a frame never changes after the next snapshot', () => {
    const model = fleetOf([['A', { lat: 1 }]]);
    const first = model.frame();
    model.apply(snapshotColumns([sample('A', { lat: 2 })]));
    expect(first.lat[0]).toBe(1);
    expect(model.frame().lat[0]).toBe(2);
  });
});

describe('fleet worker handler', () => {
  it('answers a frame per snapshot with its buffers to transfer, and counts unreadable snapshots without throwing', () => {
    const posted: Array<{ message: FromFleetWorker; transfer: Transferable[] }> = [];
    const handle = fleetWorkerHandler((message, transfer) => posted.push({ message, transfer }));
    handle({ type: 'airspace', areas: [box] });
    handle({ type: 'snapshot', bytes: snapshotBytes([sample('A')]) });
    handle({ type: 'snapshot', bytes: new Uint8Array([2, 0, 0, 0]) });
    handle({ type: 'snapshot', bytes: snapshotBytes([sample('A')]).subarray(0, 30) });
    handle({ type: 'snapshot', bytes: snapshotBytes([sample('B')]) });
    expect(
      posted.map(({ message: m }) => (m.type === 'frame' ? `frame v${m.frame.version} ${m.frame.sn} dropped ${m.frame.dropped}` : `${m.error} ${m.dropped}`)),
    ).toEqual(['frame v1 A dropped 0', 'version 1', 'truncated 2', 'frame v2 A,B dropped 2']);
    const { message, transfer } = posted[0];
    if (message.type !== 'frame') throw new Error('a frame first');
    expect(transfer).toContain(message.frame.lat.buffer);
    expect(transfer).toContain(message.frame.trail.buffer);
    expect(new Set(transfer).size).toBe(transfer.length);
  });
});

describe('list selection', () => {
  const frame = fleetOf([
    ['B2', { taskId: 17 }],
    ['A1', { status: 'online' }],
    ['C3', { status: 'flying', lat: 30, lng: 120 }],
    ['D4', { status: 'offline', taskId: 'river-9' }],
  ]);
  frame.setAirspace([box]);
  const current = frame.frame();

  it.each<[string, string, Parameters<typeof listRows>[2], string[]]>([
    ['everything, sorted by serial', '', 'all', ['A1', 'B2', 'C3', 'D4']],
    ['by status', '', 'flying', ['B2', 'C3']],
    ['search by serial (case-insensitive)', 'c3', 'all', ['C3']],
    ['search by numeric task', '17', 'all', ['B2']],
    ['search by text task', 'RIVER', 'all', ['D4']],
    ['search and status together', 'a', 'flying', []],
    ['only flagged (flying outside the approved box)', '', 'flagged', ['C3']],
  ])('%s', (_name, search, filter, expected) => {
    expect(listRows(current, search, filter).map((slot) => current.sn[slot])).toEqual(expected);
  });

  it('colours by status, flagged in red', () => {
    expect(current.sn.map((_, slot) => slotColour(current, slot))).toEqual(['#1e88e5', '#43a047', '#e53935', '#9e9e9e']);
  });
});

describe('marker selection', () => {
  // A 600×400 view at zoom 10 whose top-left corner is at 22.6°N 114.0°E.
  const scale = 256 * 2 ** 10;
  const view: View = { scale, left: mercatorX(114) * scale, top: mercatorY(22.6) * scale, width: 600, height: 400 };
  const frame = fleetOf([
    ['TOP-LEFT', { lat: 22.6, lng: 114 }],
    ['INSIDE', { lat: 22.5, lng: 114.5 }],
    ['JUST-OUT', { lat: 22.6, lng: 113.999 }],
    ['FAR', { lat: 30, lng: 120 }],
  ]).frame();

  it('draws only what is on screen or within the margin', () => {
    expect(toScreenX(view, frame.x[0])).toBeCloseTo(0);
    expect(toScreenY(view, frame.y[0])).toBeCloseTo(0);
    expect(onScreen(frame, view, 0).map((slot) => frame.sn[slot])).toEqual(['TOP-LEFT', 'INSIDE']);
    expect(onScreen(frame, view, 40).map((slot) => frame.sn[slot])).toEqual(['TOP-LEFT', 'INSIDE', 'JUST-OUT']);
  });

  it('picks the nearest drone within reach, or none', () => {
    const x = toScreenX(view, frame.x[1]);
    const y = toScreenY(view, frame.y[1]);
    expect(nearestSlot(frame, view, x + 5, y - 5, 14)).toBe(1);
    expect(nearestSlot(frame, view, x + 30, y, 14)).toBe(-1);
  });
});

describe('situation reducer', () => {
  it('selection, filter, follow, and the fleet summary', () => {
    let s = reducer(initialSituationState, droneSelected('A1'));
    s = reducer(s, followToggled());
    s = reducer(s, statusFilterChanged('flagged'));
    const summary = { version: 3, at: 5, reporting: 2, counts: { online: 1, flying: 1, maintenance: 0, offline: 0, flagged: 0 }, dropped: 1 };
    s = reducer(s, fleetSnapshotApplied(summary));
    expect(s).toEqual({ selectedSn: 'A1', search: '', statusFilter: 'flagged', follow: true, fleet: summary });
    expect(reducer(s, droneSelected(null))).toMatchObject({ selectedSn: null, follow: false });
    expect(reducer(s, fleetClosed()).fleet).toEqual(initialSituationState.fleet);
  });
});
