import type { Media, MediaPoints } from '@shared/entities/media';
import type { HttpClient, QueryValue } from './client';

export interface MediaPage {
  items: Media[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /Media/ with the library's filters (docs/media.md). */
export const listMedia = (client: HttpClient, query: Record<string, QueryValue>) => client.request<MediaPage>('GET', '/Media/', { query });

/** GET /Media/points/: where every file of the filters (and `bbox`) was taken, compact, newest first (capped: `truncated`). */
export const listMediaPoints = (client: HttpClient, query: Record<string, QueryValue>) => client.request<MediaPoints>('GET', '/Media/points/', { query });

/** GET /Media/{id}/: one photo or video the caller's data scope shows. */
export const getMedia = (client: HttpClient, id: number) => client.request<Media>('GET', `/Media/${id}/`);

/** POST /Media/ (multipart: file, project_id): one photo or video uploaded by hand; large videos get a long timeout. */
export const uploadMedia = (client: HttpClient, form: FormData) =>
  client.request<{ item: Media; duplicate: boolean }>('POST', '/Media/', { body: form, timeoutMs: 30 * 60_000 });

/** POST /Media/archive/: a signed address of a ZIP of these files (all in the caller's scope), for the browser to download. */
export const archiveMedia = (client: HttpClient, ids: number[]) => client.request<{ url: string; count: number }>('POST', '/Media/archive/', { body: { ids } });
