import type { FLIGHTTASK_STATUSES } from '@shared/dji/events';
import { DRAIN_PER_S, flightSample, MODE, type FlightSample } from './flight';
import { bearing, distance, round, type Point } from './geometry';

export type MissionStatus = (typeof FLIGHTTASK_STATUSES)[number];

/** What flighttask_prepare handed the aircraft, with the waypoints read from the downloaded KMZ. */
export interface PreparedMission {
  flightId: string;
  /** `photo`: the waypoint has a takePhoto action. */
  waypoints: Array<Point & { speed: number; photo?: boolean }>;
  rthAltitude: number;
  /** 0 return home, 1 hover, 2 land. */
  rcLostAction: 0 | 1 | 2;
  exitOnRcLost: 0 | 1;
}

/** Faults a test can inject into simulated missions. */
export interface MissionFaults {
  /** Answer flighttask_prepare with a non-zero result. */
  refusePrepare?: boolean;
  /** Lose the RC link once this share (0…1) of the wayline is flown. */
  rcLostAt?: number;
  /** The battery falls under the return threshold once this share (0…1) is flown. */
  lowBatteryAt?: number;
}

/** The result code the simulated aircraft answers a refused prepare with (DJI's "wayline file" error family). */
export const PREPARE_REFUSED = 316_001;
const RETURN_SPEED = 10;
const LAND_SPEED = 3;
const CLIMB_SPEED = 4;

type Phase = 'wayline' | 'paused' | 'returning' | 'landing' | 'hovering' | 'landed';

/**
 * One aircraft flying a prepared wayline from its home: waypoint to waypoint at each waypoint's speed and height,
 * then home and down. Obeys pause, resume and return home; reacts to a lost RC link and a low battery as DJI's
 * aircraft do. `progress()` is what flighttask_progress reports.
 */
export class MissionFlight {
  private phase: Phase = 'wayline';
  private pos: Point;
  private next = 0;
  private flown = 0;
  private readonly total: number;
  private battery: number;
  private flightTime = 0;
  /** The task's final status once decided (it is reported when the aircraft lands). */
  private outcome: MissionStatus | null = null;
  /** Photos taken at takePhoto waypoints and not yet handed out (`takeShots`). */
  private shots: Array<Point & { heading: number; at: Date }> = [];

  constructor(
    private readonly home: Point,
    readonly mission: PreparedMission,
    initialBattery: number,
    private readonly faults: MissionFaults = {},
  ) {
    this.pos = { ...home, alt: 0 };
    this.battery = initialBattery;
    const legs = [home, ...mission.waypoints];
    this.total = legs.slice(1).reduce((sum, p, i) => sum + distance(legs[i], p), 0) || 1;
  }

  get finished(): boolean {
    return this.phase === 'landed';
  }

  get paused(): boolean {
    return this.phase === 'paused';
  }

  /** flighttask_progress's status, percent and waypoint index now. */
  progress(): { status: MissionStatus; percent: number; waypointIndex: number } {
    const percent = round(Math.min(100, (this.flown / this.total) * 100), 1);
    const status: MissionStatus = this.phase === 'landed' ? (this.outcome ?? 'ok') : this.phase === 'paused' ? 'paused' : 'in_progress';
    return { status, percent: status === 'ok' ? 100 : percent, waypointIndex: Math.min(this.next, this.mission.waypoints.length - 1) };
  }

  /** The photos taken since the last call: where, at which heading, when. */
  takeShots(): Array<Point & { heading: number; at: Date }> {
    return this.shots.splice(0);
  }

  pause(): boolean {
    if (this.phase !== 'wayline') return false;
    this.phase = 'paused';
    return true;
  }

  resume(): boolean {
    if (this.phase !== 'paused') return false;
    this.phase = 'wayline';
    return true;
  }

  /** Leaves the wayline and flies home; the task ends partially done. */
  returnHome(): boolean {
    if (this.phase !== 'wayline' && this.phase !== 'paused' && this.phase !== 'hovering') return false;
    this.outcome = 'partially_done';
    this.phase = 'returning';
    return true;
  }

  step(dt: number): FlightSample {
    const before = { ...this.pos };
    let heading = 0;
    if (this.phase !== 'landed') {
      this.flightTime += dt;
      this.battery = Math.max(0, this.battery - DRAIN_PER_S * dt);
    }
    this.injectFaults();
    switch (this.phase) {
      case 'wayline':
        heading = this.followWayline(dt);
        break;
      case 'returning': {
        const target = { ...this.home, alt: Math.max(this.pos.alt, this.mission.rthAltitude) };
        const climbed = this.pos.alt < target.alt ? { ...this.pos, alt: Math.min(target.alt, this.pos.alt + CLIMB_SPEED * dt) } : this.pos;
        this.pos = climbed;
        if (this.pos.alt >= target.alt) heading = this.moveTowards(target, RETURN_SPEED * dt);
        if (distance(this.pos, this.home) < 1) this.phase = 'landing';
        break;
      }
      case 'hovering':
        // Hovering where the link was lost until the battery calls it home.
        if (this.battery < 25) this.phase = 'returning';
        break;
      case 'landing':
        this.pos = { ...this.pos, alt: Math.max(0, this.pos.alt - LAND_SPEED * dt) };
        if (this.pos.alt === 0) this.phase = 'landed';
        break;
      default:
        break;
    }
    const horizontalSpeed = dt > 0 ? distance(before, this.pos) / dt : 0;
    const verticalSpeed = dt > 0 ? (this.pos.alt - before.alt) / dt : 0;
    const modeCode = {
      wayline: MODE.wayline,
      paused: MODE.wayline,
      hovering: MODE.wayline,
      returning: MODE.returnHome,
      landing: MODE.landing,
      landed: MODE.idle,
    }[this.phase];
    return flightSample(
      { pos: this.pos, home: this.home, battery: this.battery, flightTime: this.flightTime },
      { heading, horizontalSpeed, verticalSpeed, modeCode, flying: this.phase !== 'landed' },
    );
  }

  private injectFaults() {
    const share = this.flown / this.total;
    if (this.faults.rcLostAt !== undefined && share >= this.faults.rcLostAt && this.phase === 'wayline') {
      this.faults.rcLostAt = undefined;
      if (this.mission.exitOnRcLost === 1) this.rcLost();
    }
    if (this.faults.lowBatteryAt !== undefined && share >= this.faults.lowBatteryAt && this.phase === 'wayline') {
      this.faults.lowBatteryAt = undefined;
      this.battery = Math.min(this.battery, 20);
      this.outcome = 'partially_done';
      this.phase = 'returning';
    }
  }

  /** The RC link is lost: the out-of-control action (return home, hover, land); the task fails. */
  private rcLost() {
    this.outcome = 'failed';
    this.phase = this.mission.rcLostAction === 0 ? 'returning' : this.mission.rcLostAction === 1 ? 'hovering' : 'landing';
  }

  /** Flies towards the next waypoint at its speed; after the last one, home (finish action goHome). */
  private followWayline(dt: number): number {
    let travel = dt * (this.mission.waypoints[this.next]?.speed ?? RETURN_SPEED);
    let heading = 0;
    while (travel > 0 && this.next < this.mission.waypoints.length) {
      const target = this.mission.waypoints[this.next];
      const d = distance(this.pos, target);
      heading = bearing(this.pos, target);
      if (d > travel) {
        const before = this.pos;
        this.moveTowards(target, travel);
        this.flown += distance(before, this.pos);
        return heading;
      }
      this.pos = { lat: target.lat, lng: target.lng, alt: target.alt };
      this.flown += d;
      travel -= d;
      if (target.photo) this.shots.push({ ...this.pos, heading, at: new Date() });
      this.next++;
    }
    if (this.next >= this.mission.waypoints.length) {
      this.flown = this.total;
      this.outcome = 'ok';
      this.phase = 'returning';
    }
    return heading;
  }

  private moveTowards(target: Point, travel: number): number {
    const d = distance(this.pos, target);
    const heading = bearing(this.pos, target);
    const f = d <= travel ? 1 : travel / d;
    this.pos = {
      lat: this.pos.lat + (target.lat - this.pos.lat) * f,
      lng: this.pos.lng + (target.lng - this.pos.lng) * f,
      alt: this.pos.alt + (target.alt - this.pos.alt) * f,
    };
    return heading;
  }
}
