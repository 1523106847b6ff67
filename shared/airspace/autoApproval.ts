import { booleanIntersects } from '@turf/turf';
import type { Polygon } from '../geo';
import { areasOverlap, rangesOverlap } from './geometry';
import { toMs, violation, type AirspaceRulesConfig, type ApplicationFacts, type RuleViolation } from './types';

export const REVIEW_REASONS = ['late', 'above_auto_ceiling', 'touches_restricted_area', 'overlaps_other_department'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export interface RestrictingPolygon {
  id: number;
  name: string;
  polygon: Polygon;
}

/** An approved application of any department, as the overlap rule reads it. */
export interface ApprovedApplication extends Pick<ApplicationFacts, 'area' | 'min_alt' | 'max_alt' | 'start_at' | 'end_at'> {
  id: number;
  dept_id: number | null;
}

export interface AutoApprovalContext {
  config: AirspaceRulesConfig;
  late: boolean;
  /** The applicant's department. */
  deptId: number | null;
  restricting: RestrictingPolygon[];
  approved: ApprovedApplication[];
}

export type AutoApprovalDecision =
  /** `reasons`: why the system could approve it (English, recorded as the review note). */
  | { approved: true; reasons: string[] }
  /** `review`: every rule that sends it to a reviewer; their codes are stored as review_reasons. */
  | { approved: false; review: (RuleViolation & { code: ReviewReason })[] };

/**
 * LAANC-style auto-approval on submit: on time, at or below the auto-approval ceiling, clear of every restricting
 * (no-fly / restricted) feature — touching one counts — and no shared airspace (area, height band and window) with an
 * application another department already holds. Anything else goes to manual review, with the reasons.
 */
export function decideAutoApproval(app: ApplicationFacts, ctx: AutoApprovalContext): AutoApprovalDecision {
  const review: (RuleViolation & { code: ReviewReason })[] = [];
  const add = (code: ReviewReason, message: string, params: RuleViolation['params'] = {}) => review.push({ ...violation(code, 'area', message, params), code });
  if (ctx.late) add('late', 'submitted after the lead-time deadline');
  const ceiling = ctx.config.autoApproveCeilingM;
  if (app.max_alt > ceiling)
    add('above_auto_ceiling', `max_alt ${app.max_alt} m is above the ${ceiling} m auto-approval ceiling`, { max_alt: app.max_alt, ceiling });
  const touched = ctx.restricting.filter((r) => booleanIntersects(app.area, r.polygon));
  if (touched.length > 0)
    add('touches_restricted_area', `the area touches restricted airspace: ${touched.map((r) => `${r.name} (#${r.id})`).join(', ')}`, {
      features: touched.map((r) => r.name).join(', '),
      ids: touched.map((r) => r.id).join(', '),
    });
  const start = toMs(app.start_at);
  const end = toMs(app.end_at);
  const overlapping = ctx.approved.filter(
    (other) =>
      other.dept_id !== ctx.deptId &&
      rangesOverlap(start, end, toMs(other.start_at), toMs(other.end_at)) &&
      rangesOverlap(app.min_alt, app.max_alt, other.min_alt, other.max_alt) &&
      areasOverlap(app.area, other.area),
  );
  if (overlapping.length > 0)
    add('overlaps_other_department', `the airspace overlaps approved applications of other departments: ${overlapping.map((o) => `#${o.id}`).join(', ')}`, {
      ids: overlapping.map((o) => o.id).join(', '),
    });
  if (review.length > 0) return { approved: false, review };
  return {
    approved: true,
    reasons: [
      'submitted before the lead-time deadline',
      `max_alt ${app.max_alt} m ≤ the ${ceiling} m auto-approval ceiling`,
      'clear of no-fly and restricted areas',
      'no overlap with approved airspace of other departments',
    ],
  };
}
