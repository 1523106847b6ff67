/** The one HTTP client of the console: base path, bearer token, timeouts and typed failures. */

import type { FieldError } from './types';
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status for kind "http". */
    readonly status?: number,
    /** The parsed response body of a failed request, as the server sent it. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's field errors of a 400/409, if it sent any. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return [];
  const errors = (error.body as { errors?: unknown }).errors;
  return Array.isArray(errors) ? errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string') : [];
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The answer is a file (e.g. a KMZ export): a successful response's body comes back as `data`, a Blob. */
  blob?: boolean;
}

export interface HttpClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<Envelope<T>>;
}

export interface HttpClientOptions {
  baseURL: string;
  getToken: () => string | null;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export function buildUrl(baseURL: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseURL.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessage(body: unknown): string | undefined {
  return body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string' ? body.msg : undefined;
}

export function createHttpClient({ baseURL, getToken, fetchImpl, timeoutMs = 15_000 }: HttpClientOptions): HttpClient {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const token = getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      let body: BodyInit | undefined;
      if (options.body instanceof FormData) body = options.body;
      else if (options.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }

      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs ?? timeoutMs);
      const forwardAbort = () => controller.abort();
      options.signal?.addEventListener('abort', forwardAbort);

      let response: Response;
      try {
        response = await doFetch(buildUrl(baseURL, path, options.query), { method, headers, body, signal: controller.signal });
      } catch (error) {
        if (timedOut) throw new ApiError('timeout', `${method} ${path} timed out`);
        if (controller.signal.aborted) throw new ApiError('aborted', `${method} ${path} was cancelled`);
        throw new ApiError('network', `${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', forwardAbort);
      }

      if (options.blob && response.ok) return { code: response.status, msg: 'ok', data: (await response.blob()) as T };
      const parsed = await readBody(response);
      if (!response.ok) {
        throw new ApiError('http', serverMessage(parsed) ?? `${method} ${path} answered ${response.status}`, response.status, parsed);
      }
      return parsed as Envelope<T>;
    },
  };
}
