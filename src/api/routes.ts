import type { Route } from '@shared/entities/route';
import type { ImportWarning } from '@shared/wayline/model';
import type { HttpClient } from './client';

/** POST /Route/import/ (multipart: file, project_id): the saved route and what the import has to say about the file. */
export const importRouteFile = (client: HttpClient, form: FormData) =>
  client.request<{ item: Route; warnings: ImportWarning[] }>('POST', '/Route/import/', { body: form, timeoutMs: 60_000 });

/** GET /Route/{id}/{kmz|geojson|kml}/: the route as a file. */
export const downloadRouteFile = (client: HttpClient, id: number, format: 'kmz' | 'geojson' | 'kml') =>
  client.request<Blob>('GET', `/Route/${encodeURIComponent(String(id))}/${format}/`, { blob: true, timeoutMs: 60_000 });

/**
 * The body of POST /Route/ and PUT /Route/{id}/ (an update may leave the waypoints and settings out; changing those
 * of a non-waypoint template needs `convert_to_waypoint`).
 */
export type RouteBody = Pick<Route, 'name'> & Partial<Pick<Route, 'waypoints' | 'settings'>> & { project_id: number | null; convert_to_waypoint?: true };

export const getRoute = (client: HttpClient, id: number) => client.request<Route>('GET', `/Route/${encodeURIComponent(String(id))}/`);

/** Creates the route (no id) or replaces the saved one. */
export const writeRoute = (client: HttpClient, id: number | null, body: RouteBody) =>
  id === null ? client.request<Route>('POST', '/Route/', { body }) : client.request<Route>('PUT', `/Route/${encodeURIComponent(String(id))}/`, { body });
