import { createAction, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ActionLog, HighVolumeMode, LogEntry } from '../logFormat';
import { changedSlices, type Timeline } from '../replayEngine';

/**
 * State of the QA panel's own store (kept apart from the app store: the panel is not part of what is recorded).
 * `cursor` = how many entries of the loaded log are applied: 0 is the log's initial state, n the state after entry n.
 */
export interface ReplayState {
  open: boolean;
  log: ActionLog | null;
  source: { kind: 'recording' | 'file'; name: string } | null;
  timeline: Timeline | null;
  loadError: string | null;
  cursor: number;
  playing: boolean;
  intervalMs: number;
  page: number;
  pageSize: number;
  highVolume: { mode: HighVolumeMode; sampleEvery: number };
}

export const initialReplayState: ReplayState = {
  open: false,
  log: null,
  source: null,
  timeline: null,
  loadError: null,
  cursor: 0,
  playing: false,
  intervalMs: 250,
  page: 0,
  pageSize: 50,
  highVolume: { mode: 'exclude', sampleEvery: 10 },
};

export const SPEEDS_MS = [1000, 250, 50] as const;

/** The last cursor position: every entry the replay could apply (a reducer exception stops it earlier). */
const maxCursor = (state: ReplayState) => state.timeline?.applied ?? 0;
const clamp = (state: ReplayState, cursor: number) => Math.min(Math.max(0, Math.trunc(cursor)), maxCursor(state));
/** The list page that shows the entry the cursor stands on. */
const pageOf = (state: ReplayState, cursor: number) => Math.floor(Math.max(cursor - 1, 0) / state.pageSize);

function moveTo(state: ReplayState, cursor: number) {
  state.cursor = clamp(state, cursor);
  state.page = pageOf(state, state.cursor);
}

const replaySlice = createSlice({
  name: 'replay',
  initialState: initialReplayState,
  reducers: {
    panelOpened(state) {
      state.open = true;
    },
    panelClosed(state) {
      state.open = false;
      state.playing = false;
    },
    panelToggled(state) {
      state.open = !state.open;
      if (!state.open) state.playing = false;
    },
    /** A checked log and its replay: a recording opens at its end (the state now), a file at its start. */
    logLoaded(state, action: PayloadAction<{ log: ActionLog; timeline: Timeline; source: NonNullable<ReplayState['source']> }>) {
      const { log, timeline, source } = action.payload;
      state.log = log;
      state.timeline = timeline;
      state.source = source;
      state.loadError = null;
      state.playing = false;
      moveTo(state, source.kind === 'recording' ? timeline.applied : 0);
    },
    /** A bad file: the message is shown and the loaded log stays as it was. */
    logRejected(state, action: PayloadAction<string>) {
      state.loadError = action.payload;
    },
    loadErrorDismissed(state) {
      state.loadError = null;
    },
    playRequested(state) {
      if (!state.timeline || maxCursor(state) === 0) return;
      if (state.cursor >= maxCursor(state)) moveTo(state, 0);
      state.playing = true;
    },
    pauseRequested(state) {
      state.playing = false;
    },
    /** One play step; playing stops at the end. */
    ticked(state) {
      if (!state.playing) return;
      moveTo(state, state.cursor + 1);
      if (state.cursor >= maxCursor(state)) state.playing = false;
    },
    stepped(state, action: PayloadAction<number>) {
      state.playing = false;
      moveTo(state, state.cursor + action.payload);
    },
    jumpedTo(state, action: PayloadAction<number>) {
      state.playing = false;
      moveTo(state, action.payload);
    },
    /** Jump to the state after the entry with this seq (or the nearest entry before it). */
    jumpedToSeq(state, action: PayloadAction<number>) {
      if (!state.log) return;
      state.playing = false;
      const index = state.log.entries.findIndex((e) => e.seq > action.payload);
      moveTo(state, index === -1 ? state.log.entries.length : index);
    },
    speedChanged(state, action: PayloadAction<number>) {
      state.intervalMs = action.payload;
    },
    pageChanged(state, action: PayloadAction<number>) {
      const pages = Math.max(1, Math.ceil((state.log?.entries.length ?? 0) / state.pageSize));
      state.page = Math.min(Math.max(0, action.payload), pages - 1);
    },
    highVolumeChanged(state, action: PayloadAction<HighVolumeMode>) {
      state.highVolume.mode = action.payload;
    },
  },
});

/** Side-effect requests, handled by replaySaga. */
export const recordingRequested = createAction('replay/recordingRequested');
export const downloadRequested = createAction('replay/downloadRequested');
export const fileChosen = createAction<File>('replay/fileChosen');

export const {
  panelOpened,
  panelClosed,
  panelToggled,
  logLoaded,
  logRejected,
  loadErrorDismissed,
  playRequested,
  pauseRequested,
  ticked,
  stepped,
  jumpedTo,
  jumpedToSeq,
  speedChanged,
  pageChanged,
  highVolumeChanged,
} = replaySlice.actions;
export default replaySlice.reducer;

// Selectors (the panel's store holds only this slice).
type S = ReplayState;
export const selectMaxCursor = (s: S) => maxCursor(s);
export const selectCurrentState = (s: S): unknown => s.timeline?.states[s.cursor] ?? null;
export const selectCurrentEntry = (s: S): LogEntry | null => (s.log && s.cursor > 0 ? s.log.entries[s.cursor - 1] : null);
const NONE: string[] = [];
export const selectChangedSlices = createSelector([(s: S) => s.timeline, (s: S) => s.cursor], (timeline, cursor): string[] =>
  timeline && cursor > 0 ? changedSlices(timeline.states[cursor - 1], timeline.states[cursor]) : NONE,
);
export const selectPageCount = (s: S) => Math.max(1, Math.ceil((s.log?.entries.length ?? 0) / s.pageSize));
export const selectPageEntries = createSelector(
  [(s: S) => s.log, (s: S) => s.page, (s: S) => s.pageSize],
  (log, page, pageSize): Array<{ entry: LogEntry; cursor: number }> =>
    (log?.entries ?? []).slice(page * pageSize, (page + 1) * pageSize).map((entry, i) => ({ entry, cursor: page * pageSize + i + 1 })),
);
/** What the replay says about the recording, as an i18n key and its parameters. */
export const selectReplayVerdict = createSelector([(s: S) => s.timeline], verdictOf);
function verdictOf(t: Timeline | null): { severity: 'success' | 'warning' | 'error' | 'info'; key: string; params: Record<string, string | number> } | null {
  if (!t) return null;
  if (t.failure) return { severity: 'error', key: 'replay.verdict.reducerError', params: { message: t.failure.message } };
  const d = t.checkpoints.firstDivergence;
  if (d)
    return {
      severity: 'error',
      key: d.afterSeq === null ? 'replay.verdict.divergedAtStart' : 'replay.verdict.diverged',
      params: { seq: d.seq, from: (d.afterSeq ?? 0) + 1 },
    };
  if (t.checkpoints.total === 0) return { severity: 'info', key: 'replay.verdict.noCheckpoints', params: {} };
  return { severity: 'success', key: 'replay.verdict.allMatch', params: { count: t.checkpoints.checked } };
}
