import type { LineString, Point, Polygon } from 'geojson';

/** The three kinds of GIS feature the console edits (spec §2: /Map/Point, /Map/Polyline, /Map/Polygon). */
export type FeatureKind = 'point' | 'polyline' | 'polygon';
export type FeatureGeometry = Point | LineString | Polygon;

export const GEOMETRY_TYPE: Record<FeatureKind, FeatureGeometry['type']> = { point: 'Point', polyline: 'LineString', polygon: 'Polygon' };

export const kindOfGeometry = (geometry: FeatureGeometry | null | undefined): FeatureKind | null =>
  geometry?.type === 'Point' ? 'point' : geometry?.type === 'LineString' ? 'polyline' : geometry?.type === 'Polygon' ? 'polygon' : null;

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
