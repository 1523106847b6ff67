import type { Route } from '@shared/entities/route';
import { escapeXml } from './xml';

type ExportedRoute = Pick<Route, 'id' | 'name' | 'waypoints' | 'settings' | 'length_m' | 'duration_s' | 'battery_pct'>;

/** The route as a GeoJSON Feature: its line ([lng, lat, alt] in the route's height mode) with the route's fields as properties. */
export function routeGeoJson(route: ExportedRoute) {
  return {
    type: 'Feature' as const,
    geometry: { type: 'LineString' as const, coordinates: route.waypoints.map((w) => [w.lng, w.lat, w.alt]) },
    properties: {
      id: route.id,
      name: route.name,
      length_m: route.length_m,
      duration_s: route.duration_s,
      battery_pct: route.battery_pct,
      settings: route.settings,
      waypoints: route.waypoints,
    },
  };
}

/** KML altitude modes of our height modes (KML has no "follow surface": the nearest is above ground). */
const KML_ALTITUDE_MODE = { WGS84: 'absolute', relativeToStartPoint: 'relativeToGround', realTimeFollowSurface: 'relativeToGround' } as const;

/** The route as a plain KML line (for Google Earth and GIS tools), with a numbered point per waypoint. */
export function routeKml(route: ExportedRoute): string {
  const mode = KML_ALTITUDE_MODE[route.settings.height_mode];
  const coordinates = route.waypoints.map((w) => `${w.lng},${w.lat},${w.alt}`).join(' ');
  const points = route.waypoints
    .map(
      (w, i) =>
        `<Placemark><name>${i + 1}</name><Point><altitudeMode>${mode}</altitudeMode><coordinates>${w.lng},${w.lat},${w.alt}</coordinates></Point></Placemark>`,
    )
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
    `<name>${escapeXml(route.name)}</name>`,
    `<Placemark><name>${escapeXml(route.name)}</name><LineString><altitudeMode>${mode}</altitudeMode><coordinates>${coordinates}</coordinates></LineString></Placemark>`,
    `<Folder><name>Waypoints</name>${points}</Folder>`,
    '</Document></kml>',
    '',
  ].join('\n');
}
