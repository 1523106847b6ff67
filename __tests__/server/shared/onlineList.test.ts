import {
  applyOnline,
  diffOnline,
  narrowOnline,
  parseOnlineMessage,
  type OnlineApplied,
  type OnlineDelta,
  type OnlineMessage,
  type OnlineSnapshot,
  type OnlineStatuses,
  type OnlineView,
} from '@shared/onlineList';
import type { OnlineSummary } from '@shared/live';

const snapshot = (seq: number, statuses: OnlineStatuses, total = 10): OnlineSnapshot => ({ kind: 'snapshot', seq, at: seq, total, statuses });
const delta = (seq: number, base: number, set: OnlineStatuses, removed: string[] = [], total = 10): OnlineDelta => ({
  kind: 'delta',
  seq,
  base,
  at: seq,
  total,
  set,
  removed,
});

/** The messages applied in order from nothing: what each did, and the statuses shown at the end. */
function run(messages: OnlineMessage[]): { applied: OnlineApplied[]; statuses: OnlineSummary['statuses'] | null; view: OnlineView | null } {
  let view: OnlineView | null = null;
  const applied: OnlineApplied[] = [];
  for (const message of messages) {
    const next = applyOnline(view, message);
    view = next.view;
    applied.push(next.applied);
  }
  return { applied, statuses: view?.summary.statuses ?? null, view };
}

describe('sysinfo/online codec', () => {
  const S1 = snapshot(100, { A: 'online', B: 'flying' });
  it.each<[string, OnlineMessage[], OnlineApplied[], OnlineStatuses | null]>([
    ['a snapshot alone', [S1], ['snapshot'], { A: 'online', B: 'flying' }],
    [
      'a delta adds, updates and removes',
      [S1, delta(101, 100, { C: 'maintenance', A: 'flying' }, ['B'])],
      ['snapshot', 'delta'],
      { A: 'flying', C: 'maintenance' },
    ],
    [
      'each delta holds every change since its snapshot: a lost one costs nothing',
      [S1, delta(102, 100, { C: 'online' }, ['A'])],
      ['snapshot', 'delta'],
      { B: 'flying', C: 'online' },
    ],
    [
      'a later delta replaces an earlier one on the same snapshot (not added to it)',
      [S1, delta(101, 100, {}, ['A']), delta(102, 100, { C: 'online' })],
      ['snapshot', 'delta', 'delta'],
      { A: 'online', B: 'flying', C: 'online' },
    ],
    [
      'an older delta arriving late changes nothing',
      [S1, delta(102, 100, { C: 'online' }), delta(101, 100, {}, ['A'])],
      ['snapshot', 'delta', 'stale'],
      { A: 'online', B: 'flying', C: 'online' },
    ],
    ['a delta before any snapshot is a gap', [delta(101, 100, { C: 'online' })], ['gap'], null],
    [
      'a missed snapshot: the delta on it is a gap, what is shown stays, the next snapshot resyncs',
      [S1, delta(201, 200, { Z: 'online' }), snapshot(300, { Z: 'online' }), delta(301, 300, { Y: 'flying' })],
      ['snapshot', 'gap', 'snapshot', 'delta'],
      { Z: 'online', Y: 'flying' },
    ],
    [
      'a delta on an older snapshot than the one held is stale',
      [snapshot(200, { A: 'online' }), delta(150, 100, { B: 'online' })],
      ['snapshot', 'stale'],
      { A: 'online' },
    ],
  ])('%s', (_name, messages, applied, statuses) => {
    const result = run(messages);
    expect(result.applied).toEqual(applied);
    expect(result.statuses).toEqual(statuses);
  });

  it('the summary lists the serials sorted, with counts (total never below those online)', () => {
    const { view } = run([snapshot(1, { B: 'online', A: 'flying' }, 1), delta(2, 1, { C: 'online' }, [], 1)]);
    expect(view?.summary).toEqual({ online: ['A', 'B', 'C'], statuses: { A: 'flying', B: 'online', C: 'online' }, onlineCount: 3, total: 3, at: 2 });
    expect(view?.seq).toBe(2);
  });

  it('round trip: the diff of two lists applied to the first gives the second, through JSON', () => {
    const lists: OnlineStatuses[] = [{}, { A: 'online' }, { A: 'flying', B: 'maintenance' }, { B: 'online', C: 'online' }, {}];
    const base = lists[0];
    let view = run([JSON.parse(JSON.stringify(snapshot(1, base))) as OnlineMessage]).view;
    lists.forEach((list, i) => {
      const message = parseOnlineMessage(JSON.parse(JSON.stringify(delta(2 + i, 1, ...(Object.values(diffOnline(base, list)) as [OnlineStatuses, string[]])))));
      expect(message).not.toBeNull();
      view = applyOnline(view, message!).view;
      expect(view?.summary.statuses).toEqual(list);
    });
  });

  it.each<[string, unknown, boolean]>([
    ['a snapshot', snapshot(1, { A: 'online' }), true],
    ['a delta', delta(2, 1, { A: 'online' }, ['B']), true],
    ['offline is never listed', snapshot(1, { A: 'offline' } as unknown as OnlineStatuses), false],
    ['an unknown status', delta(2, 1, { A: 'lost' } as unknown as OnlineStatuses), false],
    ['a delta without its base', { ...delta(2, 1, {}), base: undefined }, false],
    ['removed not serials', { ...delta(2, 1, {}), removed: [1] }, false],
    ['the old whole-list shape', { online: ['A'], statuses: { A: 'online' }, onlineCount: 1, total: 1, changed: [], at: 1 }, false],
    ['not an object', 'online', false],
  ])('parse: %s', (_name, value, ok) => {
    expect(parseOnlineMessage(value) !== null).toBe(ok);
  });

  it.each<[string, OnlineMessage, OnlineMessage]>([
    [
      'a snapshot keeps the devices in scope, counted against those the scope shows',
      snapshot(1, { A: 'online', X: 'flying' }, 50),
      snapshot(1, { A: 'online' }, 3),
    ],
    ['a delta keeps its changes in scope', delta(2, 1, { A: 'flying', X: 'online' }, ['B', 'Y'], 50), delta(2, 1, { A: 'flying' }, ['B'], 3)],
  ])('narrow: %s', (_name, message, narrowed) => {
    expect(narrowOnline(message, (sn) => ['A', 'B', 'C'].includes(sn), 3)).toEqual(narrowed);
  });
});
