import type { DefectCategory, DefectMapPoint, DefectRegion } from '@shared/entities/defect';
import { DEFECT_SEVERITIES, DEFECT_STATUSES, type DefectSeverity } from '@shared/entities/defectStatus';
import type { QueryValue } from '../../api/client';
import type { DefectDraft, DefectFilters, DefectShape, Vertex } from './defectDefaults';
import { focusLink } from '../../crud/queryRules';

/** A point on the screen (client coordinates, px). */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** Where the photo is drawn on the screen (its bounding client rect, zoom and pan included). */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A region narrower or lower than this fraction of the photo is a click, not a rectangle. */
export const MIN_REGION = 0.01;
export const NOTE_MAX = 2000;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
/** Points in fractions of the photo as SVG `points` in a 100×100 view box laid over it. */
const viewBoxPoints = (points: readonly (readonly number[])[]) => points.map(([x, y]) => `${round4(x * 100)},${round4(y * 100)}`).join(' ');

/**
 * A point on the screen over the photo drawn in `box`, in fractions (0..1) of the photo from its top left (the API's
 * coordinates, 4 decimals), held to the photo; null while the photo is not laid out.
 */
export function photoPoint(point: ScreenPoint, box: ScreenBox): Vertex | null {
  if (![point.x, point.y, box.left, box.top].every(Number.isFinite) || !(box.width > 0 && box.height > 0)) return null;
  return [round4(clamp01((point.x - box.left) / box.width)), round4(clamp01((point.y - box.top) / box.height))];
}

/**
 * The rectangle dragged from `start` to `end` over the photo drawn in `box`, in fractions (0..1) of the photo from
 * its top left (the API's region), clipped to the photo; null when it is too small to be meant (a click).
 */
export function dragRegion(start: ScreenPoint, end: ScreenPoint, box: ScreenBox): DefectRegion | null {
  const from = photoPoint(start, box);
  const to = photoPoint(end, box);
  if (!from || !to) return null;
  const [x1, x2] = [from[0], to[0]].sort((a, b) => a - b);
  const [y1, y2] = [from[1], to[1]].sort((a, b) => a - b);
  if (x2 - x1 < MIN_REGION || y2 - y1 < MIN_REGION) return null;
  return {
    type: 'rect',
    points: [
      [x1, y1],
      [x2, y2],
    ],
  };
}

/** The polygon being drawn as an SVG polyline's `points` in the 100×100 view box, to the pointer when it is over the photo. */
export function drawingOutline(vertices: readonly Vertex[], pointer: Vertex | null): string {
  return viewBoxPoints(pointer ? [...vertices, pointer] : vertices);
}

/** The region as an SVG polygon's `points` in a 100×100 view box laid over the photo. */
export function regionOutline(region: DefectRegion): string {
  const corners =
    region.type === 'rect'
      ? [region.points[0], [region.points[1][0], region.points[0][1]], region.points[1], [region.points[0][0], region.points[1][1]]]
      : region.points;
  return viewBoxPoints(corners);
}

/** The outline colour of each severity (CSS colours: the SVG overlay does not read the theme). */
export const SEVERITY_STROKES: Record<DefectSeverity, string> = {
  low: '#29b6f6',
  medium: '#ffb74d',
  high: '#f57c00',
  critical: '#e53935',
};

export interface CategoryOption {
  id: number;
  label: string;
  depth: number;
}

/** The category tree as a flat list for a select: each parent followed by its children, depth for the indent. */
export function categoryOptions(categories: readonly DefectCategory[], language: string): CategoryOption[] {
  const name = (c: DefectCategory) => (language.startsWith('zh') ? c.name_zh : c.name_en);
  const known = new Set(categories.map((c) => c.id));
  const children = (parent: number | null) =>
    categories.filter((c) => (parent === null ? c.parent_id === null || !known.has(c.parent_id) : c.parent_id === parent));
  const walk = (parent: number | null, depth: number, seen: Set<number>): CategoryOption[] =>
    children(parent)
      .filter((c) => !seen.has(c.id))
      .flatMap((c) => {
        seen.add(c.id);
        return [{ id: c.id, label: name(c), depth }, ...walk(c.id, depth + 1, seen)];
      });
  return walk(null, 0, new Set());
}

/** A category's name in the language, or null when it is unknown. */
export function categoryName(categories: readonly DefectCategory[], id: number | null, language: string): string | null {
  const category = id === null ? undefined : categories.find((c) => c.id === id);
  return category ? (language.startsWith('zh') ? category.name_zh : category.name_en) : null;
}

/** A defect being marked on the photo, before it is saved. */
export type DraftProblem = 'no_region' | 'note_too_long';

/** Why a draft cannot be saved yet, or null. */
export function draftProblem(draft: DefectDraft): DraftProblem | null {
  if (!draft.region) return 'no_region';
  if (draft.note.length > NOTE_MAX) return 'note_too_long';
  return null;
}

/**
 * What a reviewer's key does in the photo preview (letters in either case; keys typed into a field are not shortcuts):
 * Enter saves the draft, or closes the polygon being drawn.
 */
export type ReviewShortcut =
  | { kind: 'draw'; shape: DefectShape }
  | { kind: 'removeVertex' }
  | { kind: 'severity'; severity: DefectSeverity }
  | { kind: 'save' }
  | { kind: 'cancel' }
  | { kind: 'previous' }
  | { kind: 'next' }
  | { kind: 'zoomIn' }
  | { kind: 'zoomOut' };

const SEVERITY_KEYS: Record<string, DefectSeverity> = { '1': 'low', '2': 'medium', '3': 'high', '4': 'critical' };

export function reviewShortcut(key: string, inField: boolean): ReviewShortcut | null {
  if (inField) return key === 'Escape' ? { kind: 'cancel' } : null;
  if (key in SEVERITY_KEYS) return { kind: 'severity', severity: SEVERITY_KEYS[key] };
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case 'd':
      return { kind: 'draw', shape: 'rect' };
    case 'p':
      return { kind: 'draw', shape: 'polygon' };
    case 'Backspace':
      return { kind: 'removeVertex' };
    case 'Enter':
      return { kind: 'save' };
    case 'Escape':
      return { kind: 'cancel' };
    case 'ArrowLeft':
      return { kind: 'previous' };
    case 'ArrowRight':
      return { kind: 'next' };
    case '+':
    case '=':
      return { kind: 'zoomIn' };
    case '-':
      return { kind: 'zoomOut' };
    default:
      return null;
  }
}

export const DEFECT_LIST_PAGE = 50;

const DEFECT_ID_FILTERS = ['project_id', 'task_id', 'category_id', 'assignee_id'] as const;

/** The query of GET /Defect/ for the form's filters and a page. */
export const defectListQuery = (filters: DefectFilters, page: number): Record<string, QueryValue> => ({
  page,
  page_size: DEFECT_LIST_PAGE,
  ...defectFilterQuery(filters),
});

/** The form's filters as GET /Defect/ and GET /Defect/points/ take them: empty and malformed fields are left out. */
export function defectFilterQuery(filters: DefectFilters): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const key of DEFECT_ID_FILTERS) if (/^[1-9]\d*$/.test(filters[key].trim())) query[key] = Number(filters[key].trim());
  if ((DEFECT_SEVERITIES as readonly string[]).includes(filters.severity)) query.severity = filters.severity;
  if ((DEFECT_STATUSES as readonly string[]).includes(filters.status)) query.status = filters.status;
  return query;
}

/** A defect on the /Defect map. */
export interface DefectPoint {
  id: number;
  position: [number, number];
  severity: DefectSeverity;
}

/**
 * The compact points of GET /Defect/points/ as the map draws them, the most severe last (on top), ties by id (the
 * server leaves out the defects without a position).
 */
export function defectPoints(points: readonly DefectMapPoint[]): DefectPoint[] {
  return points
    .map(([id, lat, lng, severity]): DefectPoint => ({ id, position: [lat, lng], severity }))
    .sort((a, b) => DEFECT_SEVERITIES.indexOf(a.severity) - DEFECT_SEVERITIES.indexOf(b.severity) || a.id - b.id);
}

/** The most severe of some defects (low for none). */
export const mostSevere = (severities: readonly DefectSeverity[]): DefectSeverity =>
  DEFECT_SEVERITIES[Math.max(0, ...severities.map((severity) => DEFECT_SEVERITIES.indexOf(severity)))];

/** The /Defect page opening one defect's photo (a notice's link: hash router, `#/Defect?id=…`, read with linkedId). */
export const defectLink = (id: number) => focusLink('/Defect', id);
