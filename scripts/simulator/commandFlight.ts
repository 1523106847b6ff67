import { DRAIN_PER_S, flightSample, MODE, type FlightSample } from './flight';
import type { Sticks } from '@shared/dji/drcMessages';
import { bearing, distance, offset, round, type Point } from './geometry';

const CLIMB_SPEED = 4;
const LAND_SPEED = 3;
const RETURN_SPEED = 10;

type Phase = 'climbing' | 'flying' | 'hovering' | 'returning' | 'landing' | 'landed';

/** One progress event of the command flying now (DJI's takeoff_to_point_progress / fly_to_point_progress fields). */
export interface CommandProgress {
  kind: 'takeoff' | 'flyto';
  id: string;
  status: 'wayline_progress' | 'wayline_ok' | 'wayline_cancel';
  remaining_distance: number;
  remaining_time: number;
  planned_path_points: { latitude: number; longitude: number; height: number }[];
}

/**
 * An aircraft flown by commands (spec dji-cloud-api-next §4): a take-off climbs to the safe height and flies to its
 * target at the given speed, then hovers; a fly-to (or its update) sends it on to another point; a stop hovers; return
 * home climbs to the return altitude, flies home and lands. Heights are above the take-off point, m.
 */
export class CommandFlight {
  private phase: Phase = 'climbing';
  private pos: Point;
  /** Where the nose points, ° clockwise from north (DRC sticks turn it and move along it). */
  private heading = 0;
  private battery: number;
  private flightTime = 0;
  private readonly climbTo: number;
  private command: { kind: CommandProgress['kind']; id: string; target: Point; speed: number; reported: CommandProgress['status'] | null; stopped: boolean };

  constructor(
    private readonly home: Point,
    take: { id: string; target: Point; speed: number; climbTo: number },
    private readonly rthAltitude: number,
    battery: number,
  ) {
    this.pos = { ...home, alt: 0 };
    this.battery = battery;
    this.climbTo = take.climbTo;
    this.command = { kind: 'takeoff', id: take.id, target: take.target, speed: take.speed, reported: null, stopped: false };
  }

  get landed(): boolean {
    return this.phase === 'landed';
  }

  get airborne(): boolean {
    return this.phase !== 'landed';
  }

  /** fly_to_point: on to `target` (the aircraft must be in the air). */
  flyTo(id: string, target: Point, speed: number): boolean {
    if (!this.airborne || this.phase === 'landing') return false;
    this.command = { kind: 'flyto', id, target, speed, reported: null, stopped: false };
    this.phase = 'flying';
    return true;
  }

  /** fly_to_point_update: the current fly-to's new target and speed. */
  update(target: Point, speed: number): boolean {
    if (this.command.kind !== 'flyto' || this.phase !== 'flying') return false;
    this.command = { ...this.command, target, speed };
    return true;
  }

  /** fly_to_point_stop: hover where it is. */
  stop(): boolean {
    if (this.command.kind !== 'flyto' || this.phase !== 'flying') return false;
    this.phase = 'hovering';
    this.command.stopped = true;
    return true;
  }

  returnHome(): boolean {
    if (this.phase === 'landing' || this.phase === 'landed' || this.phase === 'returning') return false;
    this.phase = 'returning';
    return true;
  }

  /** Position (height above take-off) and heading now. */
  get attitude(): Point & { heading: number } {
    return { ...this.pos, heading: this.heading };
  }

  /**
   * DRC sticks held for `dt` s (spec §4 drone_control: x forward along the heading, y right, h up, w clockwise yaw; m/s
   * and °/s): a fly-to in progress is cancelled and the aircraft moves so, never below the ground. Refused (false)
   * while it climbs after take-off, returns home, lands or is on the ground.
   */
  drive(sticks: Sticks, dt: number): boolean {
    if (this.phase !== 'flying' && this.phase !== 'hovering') return false;
    if (this.phase === 'flying') {
      this.phase = 'hovering';
      this.command.stopped = true;
    }
    this.heading = (((this.heading + sticks.w * dt) % 360) + 360) % 360;
    const yaw = (this.heading * Math.PI) / 180;
    const north = (sticks.x * Math.cos(yaw) - sticks.y * Math.sin(yaw)) * dt;
    const east = (sticks.x * Math.sin(yaw) + sticks.y * Math.cos(yaw)) * dt;
    this.pos = { ...offset(this.pos, north, east), alt: Math.max(0, this.pos.alt + sticks.h * dt) };
    return true;
  }

  /** The progress event due now, if any: one per step while flying to a target, then its end (ok, or cancel after a stop) once. */
  progress(): CommandProgress | null {
    const flying = this.phase === 'climbing' || this.phase === 'flying';
    const ended = this.phase === 'hovering' && (this.command.reported === null || this.command.reported === 'wayline_progress');
    if (!flying && !ended) return null;
    const { kind, id, target, speed } = this.command;
    const status = flying ? 'wayline_progress' : this.command.stopped ? 'wayline_cancel' : 'wayline_ok';
    this.command.reported = status;
    const remaining = flying ? distance(this.pos, target) : 0;
    return {
      kind,
      id,
      status,
      remaining_distance: round(remaining, 1),
      remaining_time: Math.round(remaining / speed),
      planned_path_points: [this.pos, target].map((p) => ({ latitude: p.lat, longitude: p.lng, height: p.alt })),
    };
  }

  step(dt: number): FlightSample {
    const before = { ...this.pos };
    if (this.phase !== 'landed') {
      this.flightTime += dt;
      this.battery = Math.max(0, this.battery - DRAIN_PER_S * dt);
    }
    switch (this.phase) {
      case 'climbing':
        this.pos = { ...this.pos, alt: Math.min(this.climbTo, this.pos.alt + CLIMB_SPEED * dt) };
        if (this.pos.alt >= this.climbTo) this.phase = 'flying';
        break;
      case 'flying':
        this.heading = this.moveTowards(this.command.target, this.command.speed * dt);
        if (distance(this.pos, this.command.target) < 0.5 && Math.abs(this.pos.alt - this.command.target.alt) < 0.5) this.phase = 'hovering';
        break;
      case 'returning': {
        if (this.pos.alt < this.rthAltitude) this.pos = { ...this.pos, alt: Math.min(this.rthAltitude, this.pos.alt + CLIMB_SPEED * dt) };
        else this.heading = this.moveTowards({ ...this.home, alt: this.pos.alt }, RETURN_SPEED * dt);
        if (distance(this.pos, this.home) < 1) this.phase = 'landing';
        break;
      }
      case 'landing':
        this.pos = { ...this.pos, alt: Math.max(0, this.pos.alt - LAND_SPEED * dt) };
        if (this.pos.alt === 0) this.phase = 'landed';
        break;
      default:
        break;
    }
    const modeCode = {
      climbing: MODE.manual,
      flying: MODE.manual,
      hovering: MODE.manual,
      returning: MODE.returnHome,
      landing: MODE.landing,
      landed: MODE.idle,
    }[this.phase];
    return flightSample(
      { pos: this.pos, home: this.home, battery: this.battery, flightTime: this.flightTime },
      {
        heading: this.heading,
        horizontalSpeed: dt > 0 ? distance(before, this.pos) / dt : 0,
        verticalSpeed: dt > 0 ? (this.pos.alt - before.alt) / dt : 0,
        modeCode,
        flying: this.phase !== 'landed',
      },
    );
  }

  private moveTowards(target: Point, travel: number): number {
    const d = Math.hypot(distance(this.pos, target), target.alt - this.pos.alt);
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
