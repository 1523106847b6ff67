import type { Polygon } from '../geo';

export const PURPOSE_KINDS = ['routine', 'emergency'] as const;
export type PurposeKind = (typeof PURPOSE_KINDS)[number];

/**
 * The tunable numbers of the airspace rules (server/config.ts reads them from AIRSPACE_* variables; the console gets
 * them from the same defaults so it shows the server's verdict before saving).
 */
export interface AirspaceRulesConfig {
  /** IANA time zone the lead-time rule ("by 12:00 the day before") is read in. Times are stored in UTC. */
  timeZone: string;
  /** The highest max_alt (m) an application may ask for, per purpose kind. */
  ceilingM: Record<PurposeKind, number>;
  /** Applications up to this max_alt (m) may be approved by the system. */
  autoApproveCeilingM: number;
  /** Largest application area, km². */
  maxAreaKm2: number;
  /** Longest application window, hours. */
  maxDurationH: number;
  /** Lead time of an emergency application, minutes before its start. */
  emergencyLeadMin: number;
  /** Local hour of the day before the start by which a routine application must be submitted. */
  routineDeadlineHour: number;
  /** Strategic deconfliction margins: each plan's route is buffered by these. */
  lateralMarginM: number;
  verticalMarginM: number;
}

export const DEFAULT_AIRSPACE_RULES: AirspaceRulesConfig = {
  timeZone: 'Asia/Shanghai',
  ceilingM: { routine: 300, emergency: 500 },
  autoApproveCeilingM: 120,
  maxAreaKm2: 100,
  maxDurationH: 24,
  emergencyLeadMin: 30,
  routineDeadlineHour: 12,
  lateralMarginM: 30,
  verticalMarginM: 10,
};

/**
 * One broken rule. `code` is the stable reason (the server sends it as `airspace.<code>`, the console translates it
 * from the same apiErrors table); `field` names the input it concerns; `params` fill the message.
 */
export interface RuleViolation {
  code: string;
  field: string;
  message: string;
  params: Record<string, string | number>;
}

export const violation = (code: string, field: string, message: string, params: RuleViolation['params'] = {}): RuleViolation => ({
  code,
  field,
  message,
  params,
});

/** The parts of an application the rules read (times as ISO strings in UTC, as stored). */
export interface ApplicationFacts {
  area: Polygon;
  min_alt: number;
  max_alt: number;
  start_at: string;
  end_at: string;
  purpose_kind: PurposeKind;
}

export const toMs = (iso: string): number => Date.parse(iso);
