import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_DETECTOR_CONFIG,
  detectSilence,
  detectStep,
  INITIAL_DETECTOR_STATE,
  type DetectorConfig,
  type DetectorState,
  type FlightEvent,
} from '@shared/flight/detect';
import type { TrackSample } from '@shared/flight/track';
import type { AircraftSample } from '../mqtt/gateway/service';
import type { DetectedFlight } from './store';

export interface FlightRecorderOptions {
  /** Stores a finished flight; resolves with the record's id (null when nothing was stored). */
  save: (flight: DetectedFlight) => Promise<number | null>;
  /** The user signed in to Pilot 2 on a gateway, if any. */
  pilotOf: (gatewaySn: string) => number | null;
  log: FastifyBaseLogger;
  detector?: DetectorConfig;
  /** How often open flights are checked for silence (ms). */
  silenceCheckMs?: number;
  now?: () => number;
}

/** Per aircraft: the detector's state and the reports of the open flight (or, on the ground, of a take-off run). */
interface AircraftTrack {
  state: DetectorState;
  samples: TrackSample[];
  gatewaySn: string | null;
}

export interface RecordedFlight {
  id: number;
  deviceSn: string;
  /** epoch ms the landing was detected (the bench measures the write against it). */
  detectedAt: number;
}

/**
 * Automatic flight records: fed every applied aircraft OSD (DjiGateway.onAircraftSample), it runs the flight detector
 * per aircraft and, at each landing, stores the flight's record. State is in memory: after a server restart an
 * aircraft already flying opens a flight at its first report (the part before the restart is not in the record),
 * and a flight whose reports stop for `silenceMs` is closed at its last report.
 */
export class FlightRecorder {
  private readonly aircraft = new Map<string, AircraftTrack>();
  private readonly listeners: ((record: RecordedFlight) => void)[] = [];
  private readonly config: DetectorConfig;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private writes = new Set<Promise<void>>();

  constructor(private readonly options: FlightRecorderOptions) {
    this.config = options.detector ?? DEFAULT_DETECTOR_CONFIG;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.timer = setInterval(() => this.closeSilent(), this.options.silenceCheckMs ?? 5000);
    this.timer.unref();
  }

  /** Stops the silence check and waits for the records being written. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.writes);
  }

  /** Calls `listener` after each record written. */
  onRecorded(listener: (record: RecordedFlight) => void): void {
    this.listeners.push(listener);
  }

  /** One aircraft report (synchronous: the write of a landed flight runs behind it). */
  onSample({ sn, gatewaySn, live, at }: AircraftSample): void {
    const track = this.aircraft.get(sn) ?? { state: INITIAL_DETECTOR_STATE, samples: [], gatewaySn: null };
    this.aircraft.set(sn, track);
    track.gatewaySn = gatewaySn ?? track.gatewaySn;
    const step = detectStep(track.state, { at, modeCode: live.modeCode, elevation: live.elevation, horizontalSpeed: live.horizontalSpeed }, this.config);
    if (step.state === track.state) return;
    if (live.lat !== undefined && live.lng !== undefined) {
      track.samples.push({ at, lat: live.lat, lng: live.lng, alt: live.elevation ?? 0, speed: live.horizontalSpeed ?? 0, battery: live.battery ?? null });
    }
    track.state = step.state;
    for (const event of step.events) this.apply(sn, track, event);
    // On the ground only a take-off run's reports are worth keeping.
    if (track.state.phase === 'ground') track.samples = track.samples.slice(-this.config.confirmSamples);
  }

  private apply(sn: string, track: AircraftTrack, event: FlightEvent): void {
    if (event.kind === 'takeoff') {
      track.samples = track.samples.filter((s) => s.at >= event.at);
      return;
    }
    const flown = track.samples.filter((s) => s.at <= event.at);
    track.samples = track.samples.filter((s) => s.at > event.at);
    if (flown.length === 0) return;
    this.write({ deviceSn: sn, gatewaySn: track.gatewaySn, gatewayPilotId: track.gatewaySn ? this.options.pilotOf(track.gatewaySn) : null, samples: flown });
  }

  private write(flight: DetectedFlight): void {
    const detectedAt = this.now();
    const write = this.options
      .save(flight)
      .then((id) => {
        if (id === null) return;
        for (const listener of this.listeners) listener({ id, deviceSn: flight.deviceSn, detectedAt });
      })
      .catch((error: unknown) => this.options.log.error({ err: error, sn: flight.deviceSn }, 'flight record: write failed'))
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
  }

  private closeSilent(): void {
    const now = this.now();
    for (const [sn, track] of this.aircraft) {
      const step = detectSilence(track.state, now, this.config);
      if (step.state === track.state) continue;
      track.state = step.state;
      for (const event of step.events) this.apply(sn, track, event);
    }
  }
}
