import type { Defect, DefectAction, DefectCategory, DefectPoints, DefectRegion, DefectSeverity } from '@shared/entities/defect';
import type { HttpClient, QueryValue } from './client';

export interface DefectPage {
  items: Defect[];
  total: number;
}

/** The body of POST /Defect/: a region marked on a photo (the position defaults to the photo's). */
export interface DefectCreate {
  media_id: number;
  region: DefectRegion;
  category_id: number | null;
  severity: DefectSeverity;
  note: string | null;
}

/** The defect endpoints (docs/media.md "Defects"). */
export const listDefects = (client: HttpClient, query: Record<string, QueryValue>) => client.request<DefectPage>('GET', '/Defect/', { query });

/** GET /Defect/points/: where every defect of the filters (and `bbox`) is, compact, the most severe first (capped: `truncated`). */
export const listDefectPoints = (client: HttpClient, query: Record<string, QueryValue>) => client.request<DefectPoints>('GET', '/Defect/points/', { query });

/** GET /Defect/{id}/: one defect the caller's data scope shows (404 for any other). */
export const getDefect = (client: HttpClient, id: number) => client.request<Defect>('GET', `/Defect/${id}/`);

export const listDefectCategories = (client: HttpClient) => client.request<{ items: DefectCategory[] }>('GET', '/DefectCategory/');

export const createDefect = (client: HttpClient, body: DefectCreate) => client.request<Defect>('POST', '/Defect/', { body });

/** A workflow step (confirm, repair, fix, verify, reject); a step out of order is a 409. */
export const stepDefect = (client: HttpClient, id: number, action: DefectAction) => client.request<Defect>('POST', `/Defect/${id}/${action}/`, { body: {} });

/** PUT /Defect/{id}/: assigns the defect to a user (null: nobody). */
export const assignDefect = (client: HttpClient, id: number, assigneeId: number | null) =>
  client.request<Defect>('PUT', `/Defect/${id}/`, { body: { assignee_id: assigneeId } });

export type ReportFormat = 'pdf' | 'xlsx';

/** GET /Task/{id}/report/: the task's inspection report (PDF or XLSX) in `lang`; a large task takes a while. */
export const fetchTaskReport = (client: HttpClient, taskId: number, format: ReportFormat, lang: string) =>
  client.request<Blob>('GET', `/Task/${taskId}/report/`, { query: { format, lang }, blob: true, timeoutMs: 120_000 });
