// The lifecycles of applications and plans, apart from the schemas so the console's first paint can name them
// without loading the schema library; airspace.ts re-exports them.

export const APPLICATION_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'cancelled'] as const;
export const APPLICATION_ACTIONS = ['submit', 'approve', 'reject', 'cancel'] as const;
/**
 * ASTM F3548-style plan states: accepted → activated (first take-off inside the volume) → nonconforming (while a
 * conformance alert is open) → ended. activated/nonconforming/ended follow telemetry; `end` closes a plan by hand.
 */
export const PLAN_STATUSES = ['filed', 'accepted', 'activated', 'nonconforming', 'ended', 'rejected', 'cancelled'] as const;
export const PLAN_ACTIONS = ['accept', 'reject', 'end', 'cancel'] as const;
/** What live conformance monitoring moves a plan through from telemetry (never an HTTP action). */
export const PLAN_TELEMETRY_ACTIONS = ['activate', 'deviate', 'conform', 'end'] as const;
/** The plans live conformance monitoring judges flying aircraft against. */
export const MONITORED_PLAN_STATUSES = ['accepted', 'activated', 'nonconforming'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export type PlanAction = (typeof PLAN_ACTIONS)[number];
export type PlanTelemetryAction = (typeof PLAN_TELEMETRY_ACTIONS)[number];
