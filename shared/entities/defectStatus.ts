// The defects' enums and workflow, apart from the schemas so the console's first paint (the defects slice) can name
// them without loading the schema library; defect.ts re-exports them.

export const DEFECT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type DefectSeverity = (typeof DEFECT_SEVERITIES)[number];
export const DEFECT_STATUSES = ['new', 'confirmed', 'in_repair', 'fixed', 'verified', 'rejected'] as const;
export type DefectStatus = (typeof DEFECT_STATUSES)[number];
export const DEFECT_ACTIONS = ['confirm', 'repair', 'fix', 'verify', 'reject'] as const;
export type DefectAction = (typeof DEFECT_ACTIONS)[number];

/**
 * The workflow: new → confirmed → in_repair → fixed → verified; a defect not (yet) being repaired may be rejected
 * (new or confirmed: not a defect after all). Any other step is out of order (the server's DEFECT_MACHINE).
 */
export const DEFECT_WORKFLOW: Record<DefectAction, { from: readonly DefectStatus[]; to: DefectStatus }> = {
  confirm: { from: ['new'], to: 'confirmed' },
  repair: { from: ['confirmed'], to: 'in_repair' },
  fix: { from: ['in_repair'], to: 'fixed' },
  verify: { from: ['fixed'], to: 'verified' },
  reject: { from: ['new', 'confirmed'], to: 'rejected' },
};

/** The severities' names (the console's defect texts and the server's notices of urgent defects). */
export const DEFECT_SEVERITY_TEXTS: Record<'zh' | 'en', Record<DefectSeverity, string>> = {
  zh: { low: '轻微', medium: '一般', high: '严重', critical: '危急' },
  en: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
};

/** A confirmed defect of this severity notifies its project's users. */
export const isUrgentSeverity = (severity: DefectSeverity) => severity === 'high' || severity === 'critical';

/**
 * Whether a defect's change announces it to its project's users: it becomes urgent and confirmed at once, by being
 * confirmed with an urgent severity or by its severity being raised to urgent while it is confirmed or in repair.
 * A defect already announced (confirmed and urgent before) is not announced again.
 */
export function announcesUrgentDefect(
  before: { status: DefectStatus; severity: DefectSeverity },
  after: { status: DefectStatus; severity: DefectSeverity },
): boolean {
  const open = (d: { status: DefectStatus }) => d.status === 'confirmed' || d.status === 'in_repair';
  return open(after) && isUrgentSeverity(after.severity) && !(open(before) && isUrgentSeverity(before.severity));
}
