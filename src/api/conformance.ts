import type { Alert } from '@shared/entities/alert';
import type { Plan } from '@shared/entities/airspace';
import type { HttpClient } from './client';
import type { Page } from './devicelink';

/** Live conformance's endpoints (docs/api.md): open conformance alerts, the plans being monitored, alert history. */

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

export interface AlertSummaryRow {
  key: string | number | null;
  count: number;
  open: number;
  codes: Record<string, number>;
}

export interface ConformanceHistoryQuery {
  group: 'device' | 'plan' | 'day';
  first_seen_from?: string;
  first_seen_to?: string;
}

/** GET /api/Alert/summary/: conformance alerts per aircraft, plan or day. */
export const fetchConformanceSummary = (client: HttpClient, query: ConformanceHistoryQuery) =>
  client.request<{ items: AlertSummaryRow[] }>('GET', '/Alert/summary/', { query: { kind: 'conformance', ...query } });
