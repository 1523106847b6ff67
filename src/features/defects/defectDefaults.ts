import type { DefectRegion } from '@shared/entities/defect';
import type { DefectSeverity, DefectStatus } from '@shared/entities/defectStatus';

// The defects slice's starting values, apart from defectRules so the slice does not bring the rules (nor what they import).

export interface DefectDraft {
  region: DefectRegion | null;
  category_id: number | null;
  severity: DefectSeverity;
  note: string;
}

/** How the reviewer outlines a defect: a rectangle dragged, or a polygon clicked vertex by vertex. */
export type DefectShape = DefectRegion['type'];
/** A vertex of a polygon being drawn, in fractions (0..1) of the photo from its top left. */
export type Vertex = [number, number];
/** Why the vertices drawn do not close into a region (polygonRules.closePolygon). */
export type PolygonProblem = 'too_few' | 'too_small' | 'self_intersecting';

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
