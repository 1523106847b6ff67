import type { ActionLog, LogEntry } from '../../../src/features/replay/logFormat';
import reducer, {
  initialReplayState,
  jumpedTo,
  jumpedToSeq,
  logLoaded,
  logRejected,
  pageChanged,
  panelClosed,
  panelToggled,
  pauseRequested,
  playRequested,
  selectChangedSlices,
  selectCurrentEntry,
  selectCurrentState,
  selectPageEntries,
  selectReplayVerdict,
  stepped,
  ticked,
  type ReplayState,
} from '../../../src/features/replay/panel/replaySlice';
import type { Timeline } from '../../../src/features/replay/replayEngine';

const entries: LogEntry[] = [10, 20, 30, 40, 50].map((seq, i) => ({ seq, t: i * 100, type: `x/a${i}` }));
const a = { n: 0 };
const b = { n: 1 };
const a1 = { n: 1 };
const b3 = { n: 3 };
// entry 2 changes nothing, entry 3 only b, entry 4 both, entry 5 only a
const s1 = { a: a1, b };
const states = [{ a, b }, s1, s1, { a: a1, b: { n: 2 } }, { a: { n: 2 }, b: b3 }, { a: { n: 3 }, b: b3 }];
const log = {
  format: 'skyline-action-log',
  version: 1,
  app: { name: 'x', version: '0' },
  recordedAt: '2026-01-01T00:00:00.000Z',
  initialState: states[0],
  entries,
  checkpoints: [],
} as ActionLog;
const timeline = (applied = 5, extra: Partial<Timeline> = {}): Timeline => ({
  states: states.slice(0, applied + 1),
  applied,
  failure: null,
  checkpoints: { checked: 0, total: 0, firstDivergence: null },
  ...extra,
});
const loaded = (over: Partial<ReplayState> = {}, applied = 5): ReplayState => ({
  ...reducer(initialReplayState, logLoaded({ log, timeline: timeline(applied), source: { kind: 'file', name: 'f.json' } })),
  ...over,
});

describe('replay panel reducer', () => {
  it.each<[string, ReplayState, Parameters<typeof reducer>[1], Partial<ReplayState>]>([
    [
      'a file opens at its start',
      initialReplayState,
      logLoaded({ log, timeline: timeline(), source: { kind: 'file', name: 'f' } }),
      { cursor: 0, loadError: null },
    ],
    ['a recording opens at its end', initialReplayState, logLoaded({ log, timeline: timeline(), source: { kind: 'recording', name: 'r' } }), { cursor: 5 }],
    ['a rejected file keeps the loaded log', loaded({ cursor: 2 }), logRejected('bad'), { cursor: 2, loadError: 'bad', log }],
    ['step forward', loaded({ cursor: 2 }), stepped(1), { cursor: 3 }],
    ['step back', loaded({ cursor: 2 }), stepped(-1), { cursor: 1 }],
    ['step back stops at the initial state', loaded({ cursor: 0 }), stepped(-1), { cursor: 0 }],
    ['step forward stops at the end', loaded({ cursor: 5 }), stepped(1), { cursor: 5 }],
    ['stepping pauses', loaded({ cursor: 1, playing: true }), stepped(1), { cursor: 2, playing: false }],
    ['jump', loaded(), jumpedTo(4), { cursor: 4 }],
    ['jump is clamped', loaded(), jumpedTo(99), { cursor: 5 }],
    ['jump cannot pass a reducer failure', loaded({}, 3), jumpedTo(5), { cursor: 3 }],
    ['jump to a seq', loaded(), jumpedToSeq(30), { cursor: 3 }],
    ['jump to a seq between entries goes to the entry before', loaded(), jumpedToSeq(35), { cursor: 3 }],
    ['jump to a seq before the first is the initial state', loaded(), jumpedToSeq(1), { cursor: 0 }],
    ['play', loaded({ cursor: 2 }), playRequested(), { playing: true, cursor: 2 }],
    ['play at the end starts over', loaded({ cursor: 5 }), playRequested(), { playing: true, cursor: 0 }],
    ['play without a log does nothing', initialReplayState, playRequested(), { playing: false }],
    ['pause', loaded({ playing: true }), pauseRequested(), { playing: false }],
    ['tick advances while playing', loaded({ cursor: 2, playing: true }), ticked(), { cursor: 3, playing: true }],
    ['the last tick stops playing', loaded({ cursor: 4, playing: true }), ticked(), { cursor: 5, playing: false }],
    ['a late tick after pause does nothing', loaded({ cursor: 2, playing: false }), ticked(), { cursor: 2 }],
    ['closing pauses', loaded({ open: true, playing: true }), panelClosed(), { open: false, playing: false }],
    ['toggle opens', initialReplayState, panelToggled(), { open: true }],
    ['pages are clamped', loaded(), pageChanged(7), { page: 0 }],
  ])('%s', (_name, state, action, expected) => {
    expect(reducer(state, action)).toMatchObject(expected);
  });

  it('the list follows the cursor across pages', () => {
    const state = reducer({ ...loaded(), pageSize: 2 }, jumpedTo(5));
    expect(state.page).toBe(2);
    expect(selectPageEntries(state)).toEqual([{ entry: entries[4], cursor: 5 }]);
  });
});

describe('replay panel selectors', () => {
  it.each<[number, string[], string | null]>([
    [0, [], null],
    [1, ['a'], 'x/a0'],
    [2, [], 'x/a1'],
    [3, ['b'], 'x/a2'],
    [4, ['a', 'b'], 'x/a3'],
  ])('at cursor %i the changed slices are %j', (cursor, changed, type) => {
    const state = loaded({ cursor });
    expect(selectChangedSlices(state)).toEqual(changed);
    expect(selectCurrentEntry(state)?.type ?? null).toBe(type);
    expect(selectCurrentState(state)).toBe(states[cursor]);
  });

  it.each<[string, Partial<Timeline>, string]>([
    ['no checkpoints', {}, 'replay.verdict.noCheckpoints'],
    ['all match', { checkpoints: { checked: 2, total: 2, firstDivergence: null } }, 'replay.verdict.allMatch'],
    [
      'diverged',
      { checkpoints: { checked: 2, total: 2, firstDivergence: { seq: 40, index: 3, afterSeq: 20, expected: 'x', actual: 'y' } } },
      'replay.verdict.diverged',
    ],
    ['reducer error', { failure: { index: 2, seq: 30, message: 'boom' } }, 'replay.verdict.reducerError'],
  ])('verdict: %s', (_name, extra, key) => {
    const state = reducer(initialReplayState, logLoaded({ log, timeline: timeline(5, extra), source: { kind: 'file', name: 'f' } }));
    expect(selectReplayVerdict(state)?.key).toBe(key);
  });
});
