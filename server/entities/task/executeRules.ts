import type { MissionCode, RuleResult } from '@shared/missions/rules';

/** What the server knows when a task is to be executed; gathered by MissionService, judged here. */
export interface ExecuteFacts {
  /** The task's aircraft (null: none assigned). */
  aircraftSn: string | null;
  /**
   * The whole flight's estimated battery use, % of a full battery: from the aircraft (or its dock) to the first
   * waypoint, the route, and home (shared/missions/wholeFlight.ts); null: no route.
   */
  flightBatteryPct: number | null;
  /** The gateway (RC or dock) the aircraft is connected through, if any. */
  gatewaySn: string | undefined;
  /** The aircraft's newest OSD: when, and its battery %. */
  live: { at: number; battery?: number } | undefined;
  now: number;
  /** No OSD for this long = offline. */
  offlineAfterMs: number;
  batteryReservePct: number;
  weather: { flyable: boolean; reasons: string[] };
  /**
   * The accepted/activated flight plan of this aircraft that covers the route and now (null: none), and the transit
   * leg of the whole flight that leaves its approved area ('out': to the first waypoint, 'back': home; null: none).
   */
  plan: { id: number; transitLeaves: 'out' | 'back' | null } | null;
}

const refuse = (code: MissionCode, message: string, params?: Record<string, string | number>): RuleResult => ({
  ok: false,
  code,
  message,
  ...(params ? { params } : {}),
});

/** Whether the task may be sent to the aircraft now; the first reason it may not, in the order an operator fixes them. */
export function executeRule(f: ExecuteFacts): RuleResult {
  if (!f.aircraftSn) return refuse('mission.no_aircraft', 'The task has no aircraft');
  if (f.flightBatteryPct === null) return refuse('mission.no_route', 'The task has no route');
  if (!f.gatewaySn)
    return refuse('mission.not_bound', `Aircraft ${f.aircraftSn} is not connected to a gateway (remote controller or dock)`, { sn: f.aircraftSn });
  if (!f.live || f.now - f.live.at > f.offlineAfterMs) return refuse('mission.offline', `Aircraft ${f.aircraftSn} is offline`, { sn: f.aircraftSn });
  const needed = Math.min(100, Math.ceil(f.flightBatteryPct + f.batteryReservePct));
  if (f.live.battery === undefined || f.live.battery < needed) {
    const battery = f.live.battery ?? 0;
    return refuse(
      'mission.battery_low',
      `Battery ${battery}% is under the ${needed}% the flight needs (to the route, the route and home, plus ${f.batteryReservePct}% reserve)`,
      {
        battery,
        needed,
      },
    );
  }
  if (!f.weather.flyable) {
    const reasons = f.weather.reasons.join(', ');
    return refuse('mission.weather', `The weather is not flyable (${reasons})`, { reasons });
  }
  if (!f.plan) return refuse('mission.no_plan', 'No accepted flight plan of this aircraft covers the route and the present time');
  if (f.plan.transitLeaves) {
    const leg = f.plan.transitLeaves;
    const what = leg === 'out' ? 'from the aircraft to the first waypoint' : 'from the last waypoint home';
    return refuse('mission.transit_outside_area', `The flight ${what} leaves the approved area of flight plan ${f.plan.id}`, { leg, plan_id: f.plan.id });
  }
  return { ok: true };
}
