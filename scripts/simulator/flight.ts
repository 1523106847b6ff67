import { bearing, distance, round, type Point } from './geometry';

/** DJI aircraft mode_code values the simulated flight goes through. */
export const MODE = { idle: 0, manual: 3, wayline: 5, returnHome: 9, landing: 10 } as const;

export type FlightPhase = 'ground' | 'route' | 'returning' | 'landing';

/** What the aircraft reports after a step, in SI units; osd.ts turns it into DJI fields. */
export interface FlightSample {
  lat: number;
  lng: number;
  /** metres above the take-off point. */
  elevation: number;
  /** degrees, -180…180 as DJI's attitude_head. */
  heading: number;
  horizontalSpeed: number;
  verticalSpeed: number;
  batteryPercent: number;
  /** seconds of flight the battery has left. */
  remainFlightTime: number;
  modeCode: number;
  homeDistance: number;
  /** seconds flown since power-on. */
  flightTime: number;
  flying: boolean;
}

/** Battery percent an aircraft uses per second in the air (missions drain at the same rate). */
export const DRAIN_PER_S = 0.08;
const CHARGE_PER_S = 2;
const RETURN_AT = 25;
const LAND_SPEED = 3;

/**
 * One aircraft flying a closed route from its first point (home), returning on low battery, landing and charging,
 * then taking off again. `routeMode` is the mode_code while on the route (manual under Pilot 2, wayline from a dock).
 * `flyTo` sends it off its route to a point, where it hovers until sent back.
 */
export class Flight {
  private phase: FlightPhase = 'route';
  private leg = 0;
  private pos: Point;
  private battery: number;
  private flightTime = 0;
  private readonly home: Point;
  /** Where it was sent off its route; null: it follows the route. */
  private diversion: Point | null = null;
  private lastHeading = 0;

  constructor(
    private readonly route: Point[],
    private readonly speed: number,
    initialBattery: number,
    private readonly routeMode: number,
  ) {
    this.home = route[0];
    this.pos = { ...route[0] };
    this.battery = initialBattery;
  }

  get currentPhase(): FlightPhase {
    return this.phase;
  }

  /**
   * Sends the aircraft straight to `target` (it hovers there), or with null back to its route, rejoining it at the
   * waypoint it was heading for. A low battery still takes it home first; the order stands for its next flight.
   */
  flyTo(target: Point | null): void {
    this.diversion = target && { ...target };
  }

  /** Advances dt seconds. */
  step(dt: number): FlightSample {
    let heading = 0;
    let horizontalSpeed = 0;
    let verticalSpeed = 0;
    if (this.phase === 'ground') {
      this.battery = Math.min(100, this.battery + CHARGE_PER_S * dt);
      if (this.battery >= 99) this.phase = 'route';
    } else {
      this.flightTime += dt;
      this.battery = Math.max(0, this.battery - DRAIN_PER_S * dt);
      if (this.phase === 'landing') {
        verticalSpeed = -Math.min(LAND_SPEED, this.pos.alt / dt);
        this.pos = { ...this.pos, alt: Math.max(0, this.pos.alt + verticalSpeed * dt) };
        if (this.pos.alt === 0) this.phase = 'ground';
      } else {
        if (this.phase === 'route' && this.battery < RETURN_AT) this.phase = 'returning';
        const before = this.pos;
        const target = this.phase === 'returning' ? { ...this.home, alt: before.alt } : this.diversion;
        heading = target ? this.flyTowards(target, this.speed * dt) : this.followRoute(this.speed * dt);
        // Hovering where it was sent: no speed, and it keeps its heading rather than turning north.
        const moved = distance(before, this.pos) > 0;
        if (moved) this.lastHeading = heading;
        else heading = this.lastHeading;
        horizontalSpeed = moved ? this.speed : 0;
        verticalSpeed = (this.pos.alt - before.alt) / dt;
        if (this.phase === 'returning' && distance(this.pos, this.home) < 1) {
          this.phase = 'landing';
          this.leg = 0;
        }
      }
    }
    const modeCode = { ground: MODE.idle, route: this.routeMode, returning: MODE.returnHome, landing: MODE.landing }[this.phase];
    return flightSample(
      { pos: this.pos, home: this.home, battery: this.battery, flightTime: this.flightTime },
      { heading, horizontalSpeed, verticalSpeed, modeCode, flying: this.phase !== 'ground' },
    );
  }

  /** Moves up to `travel` metres along the route; returns the heading. */
  private followRoute(travel: number): number {
    let heading = 0;
    while (travel > 0) {
      const target = this.route[(this.leg + 1) % this.route.length];
      const d = distance(this.pos, target);
      heading = bearing(this.pos, target);
      if (d > travel) {
        this.moveBy(target, travel / d);
        return heading;
      }
      this.pos = { ...target };
      this.leg = (this.leg + 1) % this.route.length;
      travel -= d;
      if (d === 0) break;
    }
    return heading;
  }

  private flyTowards(target: Point, travel: number): number {
    const d = distance(this.pos, target);
    const heading = bearing(this.pos, target);
    if (d <= travel) this.pos = { ...target };
    else this.moveBy(target, travel / d);
    return heading;
  }

  private moveBy(target: Point, fraction: number) {
    this.pos = {
      lat: this.pos.lat + (target.lat - this.pos.lat) * fraction,
      lng: this.pos.lng + (target.lng - this.pos.lng) * fraction,
      alt: this.pos.alt + (target.alt - this.pos.alt) * fraction,
    };
  }
}

/** The OSD sample of an aircraft's state (rounded as a real aircraft reports it); shared by route flights and missions. */
export function flightSample(
  state: { pos: Point; home: Point; battery: number; flightTime: number },
  motion: { heading: number; horizontalSpeed: number; verticalSpeed: number; modeCode: number; flying: boolean },
): FlightSample {
  const { heading, horizontalSpeed, verticalSpeed, modeCode, flying } = motion;
  return {
    lat: round(state.pos.lat, 7),
    lng: round(state.pos.lng, 7),
    elevation: round(state.pos.alt, 1),
    heading: round(heading > 180 ? heading - 360 : heading, 1),
    horizontalSpeed: round(horizontalSpeed, 1),
    verticalSpeed: round(verticalSpeed, 1),
    batteryPercent: Math.round(state.battery),
    remainFlightTime: Math.round(state.battery / DRAIN_PER_S),
    modeCode,
    homeDistance: round(distance(state.pos, state.home), 1),
    flightTime: Math.round(state.flightTime),
    flying,
  };
}
