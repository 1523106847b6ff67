import { circleOf } from '@shared/circle';
import type { LineString, Point, Polygon, Position } from 'geojson';

/** The three kinds of GIS feature the console edits (spec §2: /Map/Point, /Map/Polyline, /Map/Polygon). */
export type FeatureKind = 'point' | 'polyline' | 'polygon';
export type FeatureGeometry = Point | LineString | Polygon;

export const GEOMETRY_TYPE: Record<FeatureKind, FeatureGeometry['type']> = { point: 'Point', polyline: 'LineString', polygon: 'Polygon' };

export const kindOfGeometry = (geometry: FeatureGeometry | null | undefined): FeatureKind | null =>
  geometry?.type === 'Point' ? 'point' : geometry?.type === 'LineString' ? 'polyline' : geometry?.type === 'Polygon' ? 'polygon' : null;

/** A circle being drawn or edited: its centre and radius in metres; saved as a Point with `properties.radius` (circleOf). */
export interface CircleDraft {
  type: 'Circle';
  coordinates: Position;
  radius: number;
}
/** What the editor draws and edits: a feature's geometry, or a circle. */
export type DraftGeometry = FeatureGeometry | CircleDraft;

/** The editor page of a feature: a circle is an area, drawn and edited with the polygons. */
export const kindOfFeature = (feature: Pick<MapFeature, 'geometry' | 'properties'>): FeatureKind | null =>
  circleOf(feature) ? 'polygon' : kindOfGeometry(feature.geometry);

/** What the editor edits of a saved feature: a circle's centre and radius, else its geometry. */
export function draftOf(feature: Pick<MapFeature, 'geometry' | 'properties'>): DraftGeometry {
  const circle = circleOf(feature);
  return circle ? { type: 'Circle', coordinates: circle.centre, radius: circle.radius } : feature.geometry;
}

export interface FeatureStyle {
  color?: string;
  weight?: number;
}

/** A row of /api/Feature/ (geometry, style and properties arrive parsed). */
export interface MapFeature {
  id: number;
  project_id: number | null;
  name: string;
  category: string;
  geometry: FeatureGeometry;
  style: FeatureStyle;
  properties: Record<string, unknown>;
}

/** What a save sends (POST/PUT /api/Feature/). */
export interface FeatureInput {
  name: string;
  category: string;
  geometry: FeatureGeometry;
  style: FeatureStyle;
  properties: Record<string, unknown>;
  project_id?: number | null;
}

/** An overlay area (a project's area or an approved airspace application). */
export interface AreaOverlay {
  id: number;
  name: string;
  area: Polygon;
}

export const DEFAULT_STYLE: Required<FeatureStyle> = { color: '#1976d2', weight: 3 };
