import { isLate, submissionDeadlineMs } from './leadTime';
import { areaKm2, selfIntersections } from './geometry';
import { toMs, violation, type AirspaceRulesConfig, type ApplicationFacts, type RuleViolation } from './types';

export interface ApplicationCheckContext {
  nowMs: number;
  config: AirspaceRulesConfig;
  /** The kind of the named device (absent: none named). */
  deviceKind?: string | null;
}

export interface ApplicationCheck {
  violations: RuleViolation[];
  /** Submitted (now) after the lead-time deadline: allowed, but only a reviewer can approve it, with a note. */
  late: boolean;
  deadline: string;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Every rule an application must meet before it may be saved or submitted; all broken ones are listed. */
export function checkApplication(app: ApplicationFacts, ctx: ApplicationCheckContext): ApplicationCheck {
  const { config } = ctx;
  const out: RuleViolation[] = [];
  const kinksAt = selfIntersections(app.area);
  if (kinksAt.length > 0) {
    const [lng, lat] = kinksAt[0];
    out.push(violation('area_self_intersecting', 'area', `the area's boundary crosses itself near ${lng}, ${lat}`, { lng, lat }));
  } else {
    const km2 = areaKm2(app.area);
    if (km2 > config.maxAreaKm2)
      out.push(
        violation('area_too_large', 'area', `the area is ${round(km2)} km², more than the ${config.maxAreaKm2} km² allowed`, {
          area_km2: round(km2),
          max_km2: config.maxAreaKm2,
        }),
      );
  }
  if (app.min_alt >= app.max_alt)
    out.push(
      violation('altitude_order', 'max_alt', `max_alt (${app.max_alt} m) must be above min_alt (${app.min_alt} m)`, {
        min_alt: app.min_alt,
        max_alt: app.max_alt,
      }),
    );
  const ceiling = config.ceilingM[app.purpose_kind];
  if (app.max_alt > ceiling)
    out.push(
      violation('altitude_ceiling', 'max_alt', `max_alt ${app.max_alt} m is above the ${ceiling} m ceiling for ${app.purpose_kind} flights`, {
        max_alt: app.max_alt,
        ceiling,
      }),
    );
  const start = toMs(app.start_at);
  const end = toMs(app.end_at);
  if (end <= start) out.push(violation('window_order', 'end_at', 'end_at must be after start_at', { start_at: app.start_at, end_at: app.end_at }));
  else if ((end - start) / 3_600_000 > config.maxDurationH)
    out.push(
      violation('window_too_long', 'end_at', `the window is ${round((end - start) / 3_600_000)} h, longer than the ${config.maxDurationH} h allowed`, {
        hours: round((end - start) / 3_600_000),
        max_hours: config.maxDurationH,
      }),
    );
  if (start <= ctx.nowMs) out.push(violation('window_past', 'start_at', `start_at ${app.start_at} is not in the future`, { start_at: app.start_at }));
  if (ctx.deviceKind && ctx.deviceKind !== 'aircraft')
    out.push(
      violation('device_not_aircraft', 'device_id', `only an aircraft can fly in an airspace application (this device is a ${ctx.deviceKind})`, {
        kind: ctx.deviceKind,
      }),
    );
  return {
    violations: out,
    late: isLate(ctx.nowMs, start, app.purpose_kind, config),
    deadline: new Date(submissionDeadlineMs(start, app.purpose_kind, config)).toISOString(),
  };
}
