import { MAX_ROUTE_WAYPOINTS } from '@shared/entities/route';
import { DEFAULT_ROUTE_SETTINGS, type ImportWarning, type Wayline, waypointSchema } from '@shared/wayline/model';
import { checkedPosition, parseCoordinateTuple } from './coordinates';
import { WaylineError } from './errors';
import { child, children, numberAt, parseUntrustedXml, text, type XmlNode } from './xml';

/**
 * Routes from plain lines: a KML LineString, a GPX route or track, a GeoJSON LineString. Their vertices become
 * waypoints flown at the default speed; a vertex's altitude, when the file has one, is taken as its height above
 * the take-off point, otherwise DEFAULT_IMPORT_HEIGHT is used (and the import says so).
 */

export const DEFAULT_IMPORT_HEIGHT = 100;

type Vertex = { lng: number; lat: number; alt?: number };
type LineRead = Wayline & { warnings: ImportWarning[] };

function toWayline(vertices: Vertex[], warnings: ImportWarning[]): LineRead {
  if (vertices.length === 0) throw new WaylineError('route.no_placemarks', 'the file has no line with points', {});
  if (vertices.length > MAX_ROUTE_WAYPOINTS) {
    throw new WaylineError('route.too_many_waypoints', `the line has ${vertices.length} points; at most ${MAX_ROUTE_WAYPOINTS} are accepted`, {
      count: vertices.length,
      max: MAX_ROUTE_WAYPOINTS,
    });
  }
  if (vertices.some((v) => v.alt === undefined)) {
    warnings.push({
      code: 'route.default_height',
      message: `points without an altitude were given ${DEFAULT_IMPORT_HEIGHT} m`,
      params: { height: DEFAULT_IMPORT_HEIGHT },
    });
  }
  const settings = DEFAULT_ROUTE_SETTINGS;
  const waypoints = vertices.map((v, i) => {
    const parsed = waypointSchema.safeParse({ lng: v.lng, lat: v.lat, alt: v.alt ?? DEFAULT_IMPORT_HEIGHT, speed: settings.auto_flight_speed });
    if (!parsed.success) {
      const field = parsed.error.issues[0].path.join('.');
      throw new WaylineError('route.bad_waypoint', `point ${i + 1}: ${field} ${parsed.error.issues[0].message}`, { index: i + 1, field });
    }
    return parsed.data;
  });
  return { settings, waypoints, warnings };
}

const severalLines = (count: number): ImportWarning => ({
  code: 'route.several_waylines',
  message: `the file has ${count} lines; only the first was imported`,
  params: { count },
});

/** Every LineString element anywhere under a KML node, in document order. */
function kmlLineStrings(node: unknown): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap(kmlLineStrings);
  return Object.entries(node as XmlNode).flatMap(([key, value]) => (key === 'LineString' ? children(node, key) : kmlLineStrings(value)));
}

export function readKmlLine(xml: string, fileName: string): LineRead {
  const lines = kmlLineStrings(parseUntrustedXml(xml, fileName));
  if (lines.length === 0) throw new WaylineError('route.no_placemarks', `${fileName} has no LineString`, { file: fileName });
  const tuples = (text(lines[0], 'coordinates') ?? '').split(/\s+/).filter(Boolean);
  return toWayline(
    tuples.map((tuple, i) => parseCoordinateTuple(tuple, i)),
    lines.length > 1 ? [severalLines(lines.length)] : [],
  );
}

export function readGpxLine(xml: string, fileName: string): LineRead {
  const gpx = child(parseUntrustedXml(xml, fileName), 'gpx');
  const routes = children(gpx, 'rte');
  const tracks = children(gpx, 'trk').flatMap((trk) => children(trk, 'trkseg'));
  const lines = routes.length > 0 ? routes.map((rte) => children(rte, 'rtept')) : tracks.map((seg) => children(seg, 'trkpt'));
  if (lines.length === 0) throw new WaylineError('route.no_placemarks', `${fileName} has no route or track`, { file: fileName });
  const vertices = lines[0].map((point, i) => ({
    ...checkedPosition(Number(point['@lon']), Number(point['@lat']), i),
    alt: numberAt(point, 'ele', `point ${i + 1}`),
  }));
  return toWayline(vertices, lines.length > 1 ? [severalLines(lines.length)] : []);
}

type Json = { type?: unknown; coordinates?: unknown; geometry?: Json; features?: Json[] };

export function readGeoJsonLine(source: string, fileName: string): LineRead {
  let json: Json;
  try {
    json = JSON.parse(source) as Json;
  } catch {
    throw new WaylineError('route.bad_json', `${fileName} is not valid JSON`, { file: fileName });
  }
  const geometries = json.type === 'FeatureCollection' ? (json.features ?? []).map((f) => f?.geometry) : [json.type === 'Feature' ? json.geometry : json];
  const lines = geometries.filter((g): g is Json => g?.type === 'LineString' && Array.isArray(g.coordinates));
  if (lines.length === 0) throw new WaylineError('route.no_placemarks', `${fileName} has no LineString`, { file: fileName });
  const vertices = (lines[0].coordinates as unknown[]).map((position, i) => {
    const [lng, lat, alt] = Array.isArray(position) ? (position as unknown[]) : [];
    return { ...checkedPosition(Number(lng), Number(lat), i), ...(typeof alt === 'number' && Number.isFinite(alt) ? { alt } : {}) };
  });
  return toWayline(vertices, lines.length > 1 ? [severalLines(lines.length)] : []);
}
