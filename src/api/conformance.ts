import type { Alert } from '@shared/entities/alert';
import type { Plan } from '@shared/entities/airspace';
import type { HttpClient } from './client';
import type { Page } from './devicelink';

/** Live conformance's endpoints (docs/api.md): the open conformance alerts and the plans being monitored. */

/** The API's largest page. */
export const CONFORMANCE_PAGE_SIZE = 100;

/** One page of the conformance alerts still open, newest first. */
export const fetchOpenConformanceAlerts = (client: HttpClient, page: number) =>
  client.request<Page<Alert>>('GET', '/Alert/', {
    query: { kind: 'conformance', active: 1, page, page_size: CONFORMANCE_PAGE_SIZE, ordering: '-first_seen_at' },
  });

/** One page of the plans in one status (the monitored ones: accepted, activated, nonconforming). */
export const fetchPlansInStatus = (client: HttpClient, status: string, page: number) =>
  client.request<Page<Plan>>('GET', '/Airspace/Plan/', { query: { status, page, page_size: CONFORMANCE_PAGE_SIZE } });
