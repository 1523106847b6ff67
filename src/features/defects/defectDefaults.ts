import type { DefectRegion } from '@shared/entities/defect';
import type { DefectSeverity, DefectStatus } from '@shared/entities/defectStatus';

// The defects slice's starting values, apart from defectRules so the slice does not bring the rules (nor what they import).

export interface DefectDraft {
  region: DefectRegion | null;
  category_id: number | null;
  severity: DefectSeverity;
  note: string;
}

export const EMPTY_DRAFT: DefectDraft = { region: null, category_id: null, severity: 'medium', note: '' };

export interface DefectFilters {
  project_id: string;
  task_id: string;
  category_id: string;
  assignee_id: string;
  severity: '' | DefectSeverity;
  status: '' | DefectStatus;
}

export const EMPTY_DEFECT_FILTERS: DefectFilters = { project_id: '', task_id: '', category_id: '', assignee_id: '', severity: '', status: '' };
