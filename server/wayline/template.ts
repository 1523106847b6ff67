import type { RouteTemplate } from '@shared/entities/route';
import { polygonSchema, type Polygon } from '@shared/geo';
import { WAYPOINT_TEMPLATE, type WpmlTree } from '@shared/wayline/model';
import { child, children, text, type XmlNode } from './xml';

/**
 * What a DJI template (wpmz/template.kml) says beyond the waypoints we edit: its type, the area of a mapping or patrol
 * template, and its other settings, shown read-only and kept in the file we fly while the route is as imported.
 */

/** Elements of missionConfig, the template Folder and an area Placemark that the route model already holds or that are shown apart. */
const MODELLED = new Set([
  'flyToWaylineMode',
  'finishAction',
  'exitOnRCLost',
  'executeRCLostAction',
  'takeOffSecurityHeight',
  'globalTransitionalSpeed',
  'globalRTHHeight',
  'droneInfo',
  'payloadInfo',
  'templateType',
  'templateId',
  'autoFlightSpeed',
  'Placemark',
  'Polygon',
  'LineString',
  'Point',
  'action',
  'actionGroup',
]);

/** At most this many settings, each at most this long: a template has a few dozen. */
const MAX_SETTINGS = 200;
const MAX_SETTING_LENGTH = 256;

/** An element tree as WPML names it (attributes and mixed text dropped: WPML uses neither). */
export function wpmlTree(node: XmlNode): WpmlTree {
  const tree: WpmlTree = {};
  for (const [name, value] of Object.entries(node)) {
    if (name.startsWith('@') || name === '#text') continue;
    const items = (Array.isArray(value) ? value : [value]).map((item: unknown) =>
      item && typeof item === 'object' ? wpmlTree(item as XmlNode) : String(item ?? ''),
    );
    tree[name] = Array.isArray(value) ? items : items[0];
  }
  return tree;
}

/** Leaf elements as "path.to.element" → text, in document order. */
function flatten(node: XmlNode | undefined, prefix: string, out: Record<string, string>): void {
  if (!node) return;
  for (const [name, value] of Object.entries(node)) {
    if (MODELLED.has(name) || name.startsWith('@') || name === '#text') continue;
    const key = prefix ? `${prefix}.${name}` : name;
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item: unknown, i) => {
      const itemKey = items.length > 1 ? `${key}.${i + 1}` : key;
      if (Object.keys(out).length >= MAX_SETTINGS) return;
      if (item && typeof item === 'object') flatten(item as XmlNode, itemKey, out);
      else out[itemKey] = String(item ?? '').slice(0, MAX_SETTING_LENGTH);
    });
  }
}

/** "lng,lat[,alt]" tuples of a ring, closed, as a GeoJSON Polygon; null when the text is not a usable ring. */
function ringPolygon(coordinates: string | undefined): Polygon | null {
  const ring = (coordinates ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => tuple.split(',').slice(0, 2).map(Number) as [number, number]);
  if (ring.length > 0 && (ring[0][0] !== ring[ring.length - 1][0] || ring[0][1] !== ring[ring.length - 1][1])) ring.push(ring[0]);
  const parsed = polygonSchema.safeParse({ type: 'Polygon', coordinates: [ring] });
  return parsed.success ? parsed.data : null;
}

/** The area of a template: the outer ring of its first Placemark's Polygon. */
function templateArea(folder: XmlNode | undefined): Polygon | null {
  for (const placemark of children(folder, 'Placemark')) {
    const ring = child(child(child(placemark, 'Polygon'), 'outerBoundaryIs'), 'LinearRing');
    if (ring) return ringPolygon(text(ring, 'coordinates'));
  }
  return null;
}

export interface TemplateInfo {
  type: string;
  template: RouteTemplate;
}

/** The type, area and other settings of a template.kml document (`document`: its kml/Document). */
export function readTemplateInfo(document: XmlNode | undefined): TemplateInfo {
  const folder = children(document, 'Folder')[0];
  const type = text(folder, 'templateType') ?? WAYPOINT_TEMPLATE;
  const settings: Record<string, string> = {};
  flatten(child(document, 'missionConfig'), '', settings);
  flatten(folder, '', settings);
  // A mapping or patrol template's one Placemark is its area and how it is surveyed (overlaps, shoot type, …).
  if (type !== WAYPOINT_TEMPLATE) for (const placemark of children(folder, 'Placemark')) flatten(placemark, '', settings);
  return { type, template: { area: templateArea(folder), settings } };
}
