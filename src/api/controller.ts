import type { HttpClient } from './client';
import type { ListResult } from './types';

/**
 * Remote-controller endpoints (issue #7). Field names follow docs/api.md; anything the server adds is kept as-is
 * (index signatures) so a newer backend never breaks the controller screens.
 */

/** GET /api/djiconf/{id}/: what the DJI bridge needs to verify the licence and reach the platform. */
export interface DjiConfig {
  appId: string;
  appKey: string;
  appLicense: string;
  platformName: string;
  workspaceName: string;
  workspaceId: string;
  /** Broker address for the thing component (e.g. ws://host:port/mqtt); empty = live channel off. */
  mqttHost: string;
  mqttUsername?: string;
  mqttPassword?: string;
  desc?: string;
  [field: string]: unknown;
}

export interface ProjectSummary {
  id: number;
  name: string;
  description?: string | null;
  [field: string]: unknown;
}

export interface TaskSummary {
  id: number;
  name: string;
  project_id?: number;
  route_id?: number | null;
  status?: string;
  [field: string]: unknown;
}

export interface Waypoint {
  lat: number;
  lng: number;
  alt?: number;
  speed?: number;
  action?: string | null;
  [field: string]: unknown;
}

export interface RouteDetail {
  id: number;
  name: string;
  waypoints: Waypoint[];
  /** Metres and seconds, computed by the server from the waypoints. */
  length_m?: number | null;
  duration_s?: number | null;
  [field: string]: unknown;
}

export interface ProjectListQuery {
  page?: number;
  page_size?: number;
  search?: string;
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** `gatewaySn`: the remote controller's serial (an external broker limits the thing credentials to it). */
export const fetchDjiConfig = (client: HttpClient, workspaceId: number | string, gatewaySn?: string | null) =>
  client.request<DjiConfig>('GET', `/djiconf/${id(workspaceId)}/`, gatewaySn ? { query: { gateway_sn: gatewaySn } } : undefined);

export const fetchProjects = (client: HttpClient, query: ProjectListQuery = {}) =>
  client.request<ListResult<ProjectSummary>>('GET', '/Project/', { query: { page: 1, page_size: 50, ...query } });

export const fetchProject = (client: HttpClient, projectId: number | string) => client.request<ProjectSummary>('GET', `/Project/${id(projectId)}/`);

export const fetchTasks = (client: HttpClient, projectId: number | string) =>
  client.request<ListResult<TaskSummary>>('GET', '/Task/', { query: { project_id: projectId, page: 1, page_size: 100 } });

export const fetchRoute = (client: HttpClient, routeId: number | string) => client.request<RouteDetail>('GET', `/Route/${id(routeId)}/`);
