import type { HttpClient } from './client';
import type { ListResult } from './types';

/**
 * Generic REST calls of a resource collection at `path` (e.g. "/Device/"); ids go in as "/Device/{id}/". `Row`: the
 * collection's row as the shared contract states it (the caller names it, e.g. `listResource<Device>`).
 */
const itemPath = (path: string, id: number | string) => `${path}${encodeURIComponent(String(id))}/`;

export const listResource = <Row>(client: HttpClient, path: string, query: Record<string, string | number>) =>
  client.request<ListResult<Row>>('GET', path, { query });

export const createResource = <Row>(client: HttpClient, path: string, body: Record<string, unknown> | FormData) => client.request<Row>('POST', path, { body });

export const updateResource = <Row>(client: HttpClient, path: string, id: number | string, body: Record<string, unknown> | FormData) =>
  client.request<Row>('PUT', itemPath(path, id), { body });

export const deleteResource = (client: HttpClient, path: string, id: number | string) => client.request<null>('DELETE', itemPath(path, id));

export const getResource = <Row>(client: HttpClient, path: string, id: number | string) => client.request<Row>('GET', itemPath(path, id));

export const resourceAction = <Row>(client: HttpClient, path: string, id: number | string, action: string, body?: Record<string, unknown>) =>
  client.request<Row>('POST', `${itemPath(path, id)}${encodeURIComponent(action)}/`, { body: body ?? {} });

/** A new one-time secret for a row (POST path/{id}/secret/, a dock's MQTT password); only its hash stays on the server. */
export const rotateSecret = (client: HttpClient, path: string, id: number | string) =>
  client.request<{ sn: string; secret: string }>('POST', `${itemPath(path, id)}secret/`, { body: {} });

/** A step on the whole collection, e.g. POST /Feature/import/ (a bulk import in one transaction). */
export const collectionAction = <T>(client: HttpClient, path: string, action: string, body: Record<string, unknown>) =>
  client.request<T>('POST', `${path}${encodeURIComponent(action)}/`, { body });

/** A GET of a path that answers one document rather than a list (e.g. /chartinfo/?from&to). */
export const getDocument = (client: HttpClient, path: string, query: Record<string, string | number>) => client.request<unknown>('GET', path, { query });
