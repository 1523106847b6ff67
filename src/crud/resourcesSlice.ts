import { createAction, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorText } from '../api/errorCatalogue';
import { baseResource, DEFAULT_QUERY, type AnyRow, type FieldError, type ResourceQuery } from './types';

/**
 * A list's results: the rows (and total) that answer `resultQuery`. The query itself lives in the address
 * (useResourceList). `Row`: the collection's row, which a screen's selector names (selectResource).
 */
export interface ResourceState<Row = AnyRow> {
  resultQuery: ResourceQuery;
  items: Row[];
  total: number;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: ErrorText | null;
  /** Create/update in flight, and the server's answer to the last failed save (shown next to the fields). */
  saving: boolean;
  saveError: ErrorText | null;
  fieldErrors: FieldError[];
  /** The request id of the last save that succeeded: the form that sent it (and only that one) may close. */
  savedRequestId: string | null;
  /** Row ids with a delete or workflow action in flight. */
  busyIds: Array<number | string>;
  /** One record (GET path/{id}/) or a non-list document (e.g. /chartinfo/), for detail views and charts. */
  detail: unknown;
  detailStatus: 'idle' | 'loading' | 'ready' | 'failed';
  /** A CSV export of every row matching the query is being fetched. */
  exporting: boolean;
  /** A credential the server shows only once (a new or rotated dock's MQTT secret), until its dialog is closed. */
  issuedSecret?: IssuedSecret;
}

/** The recorder redacts `secret` (replay/redact.ts), so the QA log never holds it in clear. */
export interface IssuedSecret {
  sn: string;
  secret: string;
}

/** What an export writes: the columns in order, and per field the labels that replace raw values (e.g. device ids). */
export interface ExportSpec {
  fileName: string;
  columns: Array<{ field: string; header: string }>;
  labels?: Record<string, Record<string, string>>;
}

export const initialResourceState: ResourceState = {
  resultQuery: DEFAULT_QUERY,
  items: [],
  total: 0,
  status: 'idle',
  error: null,
  saving: false,
  saveError: null,
  fieldErrors: [],
  savedRequestId: null,
  busyIds: [],
  detail: null,
  detailStatus: 'idle',
  exporting: false,
};

export interface SaveRequest {
  id?: number | string;
  values: Record<string, unknown>;
  file?: { field: string; file: File | null };
  failureToast?: string;
}

export type ResourcesState = Record<string, ResourceState>;

/** Whether a detail (a record, or a document such as /chartinfo/) is the row of that id. */
const isRow = (detail: unknown, id: number) => typeof detail === 'object' && detail !== null && 'id' in detail && detail.id === id;

type WithResource<T = object> = PayloadAction<{ resource: string } & T>;

function entry(state: ResourcesState, resource: string): ResourceState {
  state[resource] ??= { ...initialResourceState, items: [], fieldErrors: [], busyIds: [] };
  return state[resource];
}

/**
 * A pick list's search (LookupField): the saga waits until typing pauses, then lists `resource` (a "@lookup" view of
 * the collection) with this search and the field's filters, so long lists are searched on the server.
 */
export const lookupSearched = createAction<{ resource: string; search: string; filters: Record<string, string> }>('resources/lookupSearched');

const resourcesSlice = createSlice({
  name: 'resources',
  initialState: {} as ResourcesState,
  reducers: {
    /** Fetches the list for `query` (the address's), or again for the query of the current results. */
    listRequested(state, action: WithResource<{ query?: ResourceQuery }>) {
      const r = entry(state, action.payload.resource);
      if (action.payload.query) r.resultQuery = action.payload.query;
      r.status = 'loading';
      r.error = null;
    },
    listLoaded(state, action: WithResource<{ items: AnyRow[]; total: number }>) {
      const r = entry(state, action.payload.resource);
      r.items = action.payload.items;
      r.total = action.payload.total;
      r.status = 'ready';
    },
    listFailed(state, action: WithResource<{ error: ErrorText }>) {
      const r = entry(state, action.payload.resource);
      r.status = 'failed';
      r.error = action.payload.error;
    },
    /**
     * Each save gets a request id (read it from the dispatched action) that its outcome carries back.
     * failureToast: i18n key of an error toast for a save made outside a form (e.g. publishing from the list).
     */
    saveRequested: {
      reducer(state, action: WithResource<SaveRequest & { requestId: string }>) {
        const r = entry(state, action.payload.resource);
        r.saving = true;
        r.saveError = null;
        r.fieldErrors = [];
      },
      prepare: (request: { resource: string } & SaveRequest) => ({ payload: { ...request, requestId: nanoid() } }),
    },
    /** `row`: the saved row as the server answered it, which replaces the row of that id in every view of the collection. */
    saveSucceeded(state, action: WithResource<{ requestId: string; row?: AnyRow }>) {
      const { resource, requestId, row } = action.payload;
      const r = entry(state, resource);
      r.saving = false;
      r.savedRequestId = requestId;
      if (!row) return;
      for (const [name, view] of Object.entries(state)) {
        if (baseResource(name) !== baseResource(resource)) continue;
        view.items = view.items.map((item) => (item.id === row.id ? row : item));
        if (isRow(view.detail, row.id)) view.detail = row;
      }
    },
    saveFailed(state, action: WithResource<{ requestId: string; error: ErrorText; fieldErrors: FieldError[] }>) {
      const r = entry(state, action.payload.resource);
      r.saving = false;
      r.saveError = action.payload.error;
      r.fieldErrors = action.payload.fieldErrors;
    },
    saveErrorsCleared(state, action: WithResource) {
      const r = entry(state, action.payload.resource);
      r.saveError = null;
      r.fieldErrors = [];
    },
    deleteRequested(state, action: WithResource<{ id: number | string }>) {
      entry(state, action.payload.resource).busyIds.push(action.payload.id);
    },
    /**
     * A workflow step on one row, e.g. POST /Airspace/Apply/{id}/submit/. `reload`: documents (see detailRequested)
     * that the step changes besides the list, fetched again once it succeeds (e.g. the unread count after a read mark).
     * `label`: the step as the user saw it, named in the success toast; without it (e.g. a read mark) no toast.
     */
    rowActionRequested(
      state,
      action: WithResource<{ id: number | string; action: string; body?: Record<string, unknown>; reload?: string[]; label?: string }>,
    ) {
      entry(state, action.payload.resource).busyIds.push(action.payload.id);
    },
    /** Loads one record (id given) or the collection path as a document (no id), with optional query params. */
    detailRequested(state, action: WithResource<{ id?: number | string; params?: Record<string, string | number> }>) {
      entry(state, action.payload.resource).detailStatus = 'loading';
    },
    detailLoaded(state, action: WithResource<{ detail: unknown }>) {
      const r = entry(state, action.payload.resource);
      r.detail = action.payload.detail;
      r.detailStatus = 'ready';
    },
    detailFailed(state, action: WithResource) {
      entry(state, action.payload.resource).detailStatus = 'failed';
    },
    /** Fetches every row of the current query, page by page, and saves them as one CSV file. */
    exportRequested(state, action: WithResource<ExportSpec>) {
      entry(state, action.payload.resource).exporting = true;
    },
    exportFinished(state, action: WithResource) {
      entry(state, action.payload.resource).exporting = false;
    },
    /** POST path/{id}/secret/: a new one-time secret for the row (a dock), closing its old connection. */
    secretRotationRequested(state, action: WithResource<{ id: number | string }>) {
      entry(state, action.payload.resource).busyIds.push(action.payload.id);
    },
    secretIssued(state, action: WithResource<IssuedSecret>) {
      const { sn, secret } = action.payload;
      entry(state, action.payload.resource).issuedSecret = { sn, secret };
    },
    issuedSecretDismissed(state, action: WithResource) {
      delete entry(state, action.payload.resource).issuedSecret;
    },
    rowSettled(state, action: WithResource<{ id: number | string; ok: boolean }>) {
      const r = entry(state, action.payload.resource);
      r.busyIds = r.busyIds.filter((id) => id !== action.payload.id);
    },
  },
  extraReducers: (builder) => {
    // A pick list is searching from the first keystroke on, while the saga waits for typing to pause. Matches of
    // other filters (e.g. the routes of the project chosen before) are not offered meanwhile.
    builder.addCase(lookupSearched, (state, action) => {
      const r = entry(state, action.payload.resource);
      r.status = 'loading';
      if (JSON.stringify(r.resultQuery.filters) !== JSON.stringify(action.payload.filters)) r.items = [];
    });
  },
});

export const {
  listRequested,
  listLoaded,
  listFailed,
  saveRequested,
  saveSucceeded,
  saveFailed,
  saveErrorsCleared,
  deleteRequested,
  rowActionRequested,
  rowSettled,
  secretRotationRequested,
  secretIssued,
  issuedSecretDismissed,
  detailRequested,
  detailLoaded,
  detailFailed,
  exportRequested,
  exportFinished,
} = resourcesSlice.actions;
export default resourcesSlice.reducer;
