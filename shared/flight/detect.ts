import { AIRCRAFT_AIRBORNE_MODES, AIRCRAFT_MODE_DISCONNECTED } from '../dji/modeCodes';

/** What the detector reads of one aircraft OSD report. */
export interface DetectorSample {
  /** epoch ms. */
  at: number;
  modeCode?: number;
  /** m above the take-off point. */
  elevation?: number;
  /** m/s. */
  horizontalSpeed?: number;
}

export interface DetectorConfig {
  /** Consecutive samples that must agree before the phase changes (hysteresis against one noisy report). */
  confirmSamples: number;
  /** Above this height (m) an aircraft in a flying mode counts as airborne… */
  airborneElevation: number;
  /** …or above this ground speed (m/s). */
  airborneSpeed: number;
  /** Below this height and speed an aircraft counts as on the ground whatever its mode says. */
  groundElevation: number;
  groundSpeed: number;
  /** A flight with no report for this long (ms) is closed at its last report. */
  silenceMs: number;
}

export const DEFAULT_DETECTOR_CONFIG: DetectorConfig = {
  confirmSamples: 3,
  airborneElevation: 1,
  airborneSpeed: 1,
  groundElevation: 0.3,
  groundSpeed: 0.3,
  silenceMs: 60_000,
};

export type DetectorPhase = 'ground' | 'airborne';

export interface DetectorState {
  phase: DetectorPhase;
  /** Whether a ground report was seen since start-up or the last silence (if not, a take-off is "joined" mid-flight). */
  groundSeen: boolean;
  /** epoch ms of the newest report. */
  lastAt: number | null;
  /** The first report of the current run of reports contradicting the phase, and how long the run is. */
  runStart: number | null;
  runLength: number;
}

export const INITIAL_DETECTOR_STATE: DetectorState = { phase: 'ground', groundSeen: false, lastAt: null, runStart: null, runLength: 0 };

/**
 * takeoff: `at` is the first report of the confirming run; `joined` when no ground report preceded it (the server
 * started, or the link came up, mid-flight). landing: `at` is the first ground report of the run, or the last report
 * before a silence (`reason: 'silence'`).
 */
export type FlightEvent = { kind: 'takeoff'; at: number; joined: boolean } | { kind: 'landing'; at: number; reason: 'landed' | 'silence' };

export interface DetectorStep {
  state: DetectorState;
  events: FlightEvent[];
}

type Evidence = 'air' | 'ground' | 'unknown';

/** What one report says on its own: flying modes need height or speed too; a parked aircraft is ground in any mode. */
export function evidenceOf(sample: DetectorSample, config: DetectorConfig = DEFAULT_DETECTOR_CONFIG): Evidence {
  const { modeCode, elevation, horizontalSpeed } = sample;
  if (modeCode === undefined || modeCode === AIRCRAFT_MODE_DISCONNECTED) return 'unknown';
  const height = elevation ?? 0;
  const speed = horizontalSpeed ?? 0;
  if (!AIRCRAFT_AIRBORNE_MODES.has(modeCode)) return 'ground';
  if (height >= config.airborneElevation || speed >= config.airborneSpeed) return 'air';
  if (height < config.groundElevation && speed < config.groundSpeed) return 'ground';
  return 'unknown';
}

/** Closes an open flight whose reports stopped `silenceMs` ago (the recorder calls this on a timer). */
export function detectSilence(state: DetectorState, now: number, config: DetectorConfig = DEFAULT_DETECTOR_CONFIG): DetectorStep {
  if (state.phase !== 'airborne' || state.lastAt === null || now - state.lastAt < config.silenceMs) return { state, events: [] };
  return {
    state: { ...state, phase: 'ground', groundSeen: false, runStart: null, runLength: 0 },
    events: [{ kind: 'landing', at: state.lastAt, reason: 'silence' }],
  };
}

/**
 * The flight detector: one report in, the new state and the take-off/landing events it confirms out. Pure. A report
 * older than the newest is ignored (MQTT may reorder); a report after a silence first closes the open flight.
 */
export function detectStep(state: DetectorState, sample: DetectorSample, config: DetectorConfig = DEFAULT_DETECTOR_CONFIG): DetectorStep {
  if (state.lastAt !== null && sample.at < state.lastAt) return { state, events: [] };
  const events: FlightEvent[] = [];
  let current = state;
  if (state.lastAt !== null) {
    const closed = detectSilence(state, sample.at, config);
    events.push(...closed.events);
    current = closed.state;
  }
  const evidence = evidenceOf(sample, config);
  const contrary = evidence !== 'unknown' && evidence !== (current.phase === 'airborne' ? 'air' : 'ground');
  const base = { ...current, lastAt: sample.at, groundSeen: current.groundSeen || (evidence === 'ground' && current.phase === 'ground') };
  if (!contrary) {
    // An agreeing report ends a contrary run; an unknown one neither extends nor ends it.
    const next = evidence === 'unknown' ? base : { ...base, runStart: null, runLength: 0 };
    return { state: next, events };
  }
  const runStart = current.runStart ?? sample.at;
  const runLength = current.runLength + 1;
  if (runLength < config.confirmSamples) return { state: { ...base, runStart, runLength }, events };
  if (evidence === 'air') {
    events.push({ kind: 'takeoff', at: runStart, joined: !current.groundSeen });
    return { state: { ...base, phase: 'airborne', runStart: null, runLength: 0 }, events };
  }
  events.push({ kind: 'landing', at: runStart, reason: 'landed' });
  return { state: { ...base, phase: 'ground', groundSeen: true, runStart: null, runLength: 0 }, events };
}
