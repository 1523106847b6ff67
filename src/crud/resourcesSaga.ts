import { all, call, cancel, delay, fork, getContext, put, select, take, takeEvery, type Effect } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { callApi } from '../api/callApi';
import { fieldErrorsOf, type Envelope } from '../api/client';
import { failureText, toFailedRequest } from '../api/errorCatalogue';
import { createResource, deleteResource, getDocument, getResource, listResource, resourceAction, rotateSecret, updateResource } from '../api/resources';
import { reportActionFailure } from '../shared/actionFailure';
import { toastShown } from '../shared/toasts';
import { downloadText, toCsv } from './csv';
import { toFormData } from './formData';
import { queryToApiParams } from './queryRules';
import { resourceConfig } from './registry';
import {
  deleteRequested,
  detailFailed,
  detailLoaded,
  detailRequested,
  exportFinished,
  exportRequested,
  listFailed,
  listLoaded,
  listRequested,
  lookupSearched,
  rowActionRequested,
  rowSettled,
  saveFailed,
  saveRequested,
  saveSucceeded,
  secretIssued,
  secretRotationRequested,
} from './resourcesSlice';
import { selectResultQuery } from './selectors';
import { DEFAULT_QUERY, PAGE_SIZE_OPTIONS, type AnyRow, type ListResult, type ResourceQuery } from './types';

/** The translatable reason of a failed request, for the screen to show in the app language. */
const reasonOf = (error: unknown) => failureText(toFailedRequest(error));

function* fetchList(resource: string) {
  const { path } = resourceConfig(resource);
  const query: ResourceQuery = yield select(selectResultQuery, resource);
  try {
    const response: Envelope<ListResult<AnyRow>> = yield* callApi(listResource<AnyRow>, path, queryToApiParams(query));
    yield put(listLoaded({ resource, items: response.data.items, total: response.data.total }));
  } catch (error) {
    yield put(listFailed({ resource, error: reasonOf(error) }));
  }
}

/** One list fetch at a time per resource: a newer query cancels the fetch in flight. */
function* watchLists() {
  const running = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof listRequested> = yield take(listRequested.type);
    const { resource } = action.payload;
    const previous = running.get(resource);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(resource, (yield fork(fetchList, resource)) as Task);
  }
}

const EXPORT_PAGE_SIZE = Math.max(...PAGE_SIZE_OPTIONS);

/** Every row of the resource's current query (search, ordering, filters), fetched page by page. */
function* fetchAllRows(resource: string) {
  const { path } = resourceConfig(resource);
  const query: ResourceQuery = yield select(selectResultQuery, resource);
  const rows: AnyRow[] = [];
  for (let page = 1; ; page++) {
    const response: Envelope<ListResult<AnyRow>> = yield* callApi(listResource<AnyRow>, path, queryToApiParams({ ...query, page, pageSize: EXPORT_PAGE_SIZE }));
    rows.push(...response.data.items);
    if (response.data.items.length < EXPORT_PAGE_SIZE || rows.length >= response.data.total) return rows;
  }
}

function* exportList(action: ReturnType<typeof exportRequested>) {
  const { resource, fileName, columns, labels = {} } = action.payload;
  try {
    const rows: AnyRow[] = yield* fetchAllRows(resource);
    const labelled = rows.map((row: Record<string, unknown>) => ({
      ...row,
      ...Object.fromEntries(Object.entries(labels).map(([field, names]) => [field, names[String(row[field])] ?? row[field]])),
    }));
    const doc: Document = yield getContext('document');
    yield call(downloadText, doc, fileName, toCsv(labelled, columns));
  } catch {
    // callApi has already reported the failure.
  } finally {
    yield put(exportFinished({ resource }));
  }
}

/** A saved row as the server answers it: a new dock's comes with its MQTT secret, this once. */
type SavedRow = AnyRow & { secret?: string };

function* save(action: ReturnType<typeof saveRequested>) {
  const { resource, requestId, id, values, file, failureToast } = action.payload;
  const { path, multipart } = resourceConfig(resource);
  const body = multipart ? toFormData(values, file) : values;
  try {
    const response: Envelope<SavedRow> =
      id === undefined ? yield* callApi(createResource<SavedRow>, path, body) : yield* callApi(updateResource<SavedRow>, path, id, body);
    // A new dock's MQTT secret comes back with the record, this once only.
    const saved = response.data;
    if (typeof saved.secret === 'string' && 'serial' in saved) yield put(secretIssued({ resource, sn: saved.serial, secret: saved.secret }));
    // The answer is the saved row as the list shows it: an edited row is replaced where it is shown. A new row's
    // place in the sorted, filtered page is the server's to say, so the page is read again.
    yield put(saveSucceeded({ resource, requestId, row: response.data }));
    yield put(toastShown({ messageKey: 'resources.saved', severity: 'success' }));
    if (id === undefined) yield put(listRequested({ resource }));
  } catch (error) {
    if (failureToast) yield* reportActionFailure(failureToast, error);
    yield put(saveFailed({ resource, requestId, error: reasonOf(error), fieldErrors: fieldErrorsOf(error) }));
  }
}

function* remove(action: ReturnType<typeof deleteRequested>) {
  const { resource, id } = action.payload;
  try {
    yield* callApi(deleteResource, resourceConfig(resource).path, id);
    yield put(rowSettled({ resource, id, ok: true }));
    yield put(toastShown({ messageKey: 'resources.deleted', severity: 'success' }));
    yield put(listRequested({ resource }));
  } catch (error) {
    yield* reportActionFailure('resources.deleteFailed', error);
    yield put(rowSettled({ resource, id, ok: false }));
  }
}

function* runRowAction(action: ReturnType<typeof rowActionRequested>) {
  const { resource, id, action: step, body, reload = [], label } = action.payload;
  try {
    yield* callApi(resourceAction, resourceConfig(resource).path, id, step, body);
    yield put(rowSettled({ resource, id, ok: true }));
    if (label) yield put(toastShown({ messageKey: 'resources.actionDone', params: { step: label }, severity: 'success' }));
    yield put(listRequested({ resource }));
    for (const document of reload) yield put(detailRequested({ resource: document }));
  } catch (error) {
    yield* reportActionFailure('resources.actionFailed', error);
    yield put(rowSettled({ resource, id, ok: false }));
  }
}

function* rotateRowSecret(action: ReturnType<typeof secretRotationRequested>) {
  const { resource, id } = action.payload;
  try {
    const response: Envelope<{ sn: string; secret: string }> = yield* callApi(rotateSecret, resourceConfig(resource).path, id);
    yield put(rowSettled({ resource, id, ok: true }));
    yield put(secretIssued({ resource, ...response.data }));
  } catch (error) {
    yield* reportActionFailure('resources.actionFailed', error);
    yield put(rowSettled({ resource, id, ok: false }));
  }
}

function* fetchDetail(action: ReturnType<typeof detailRequested>) {
  const { resource, id, params } = action.payload;
  const { path } = resourceConfig(resource);
  try {
    const response: Envelope<unknown> = id === undefined ? yield* callApi(getDocument, path, params ?? {}) : yield* callApi(getResource, path, id);
    yield put(detailLoaded({ resource, detail: response.data }));
  } catch {
    yield put(detailFailed({ resource }));
  }
}

/** One detail fetch at a time per resource name: opening another row cancels the fetch in flight. */
function* watchDetails() {
  const running = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof detailRequested> = yield take(detailRequested.type);
    const previous = running.get(action.payload.resource);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(action.payload.resource, (yield fork(fetchDetail, action)) as Task);
  }
}

/** How long typing in a pick list pauses before the server is asked. */
export const LOOKUP_DEBOUNCE_MS = 300;
/** A pick list shows this many matches; more typing narrows them. */
export const LOOKUP_PAGE_SIZE = 20;

function* searchLookup(action: ReturnType<typeof lookupSearched>) {
  yield delay(LOOKUP_DEBOUNCE_MS);
  const { resource, search, filters } = action.payload;
  yield put(listRequested({ resource, query: { ...DEFAULT_QUERY, pageSize: LOOKUP_PAGE_SIZE, search, filters } }));
}

/** Debounced per pick list: a keystroke cancels that list's pending search, not another field's. */
function* watchLookups() {
  const pending = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof lookupSearched> = yield take(lookupSearched.type);
    const previous = pending.get(action.payload.resource);
    if (previous?.isRunning()) yield cancel(previous);
    pending.set(action.payload.resource, (yield fork(searchLookup, action)) as Task);
  }
}

export default function* resourcesSaga(): Generator<Effect> {
  yield all([
    fork(watchLists),
    fork(watchDetails),
    fork(watchLookups),
    takeEvery(saveRequested.type, save),
    takeEvery(deleteRequested.type, remove),
    takeEvery(rowActionRequested.type, runRowAction),
    takeEvery(secretRotationRequested.type, rotateRowSecret),
    takeEvery(exportRequested.type, exportList),
  ]);
}
