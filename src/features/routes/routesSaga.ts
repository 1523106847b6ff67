import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, getContext, put, select, takeEvery, takeLatest, takeLeading, type Effect } from 'redux-saga/effects';
import type { Route } from '@shared/entities/route';
import { routeFileName } from '@shared/wayline/files';
import type { ImportWarning } from '@shared/wayline/model';
import { callApi } from '../../api/callApi';
import { fieldErrorsOf, type Envelope } from '../../api/client';
import { downloadRouteFile, getRoute, importRouteFile, writeRoute } from '../../api/routes';
import { downloadBlob } from '../../crud/csv';
import { listRequested } from '../../crud/resourcesSlice';
import { toastShown } from '../notifications';
import {
  editorOpened,
  exportFinished,
  exportRequested,
  importFinished,
  importRequested,
  routeLoaded,
  routeLoadFailed,
  saveFailed,
  saveRequested,
  saveSucceeded,
  type RouteDraft,
} from './routeEditorSlice';
import { selectDraft } from './selectors';
import { saveBody } from './templateRules';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function* loadRoute(action: PayloadAction<{ id: number | null }>) {
  if (action.payload.id === null) return;
  try {
    const response: Envelope<Route> = yield* callApi(getRoute, action.payload.id);
    yield put(routeLoaded(response.data));
  } catch {
    yield put(routeLoadFailed());
  }
}

function* saveRoute(action: ReturnType<typeof saveRequested>) {
  const draft: RouteDraft | null = yield select(selectDraft);
  if (!draft) return;
  const body = saveBody(draft, action.payload?.convert === true);
  try {
    const response: Envelope<Route> = yield* callApi(writeRoute, draft.id, body);
    yield put(saveSucceeded(response.data));
    yield put(toastShown({ messageKey: 'routes.saved', params: { name: draft.name }, severity: 'success' }));
    yield put(listRequested({ resource: 'route' }));
  } catch (error) {
    yield put(saveFailed({ error: messageOf(error), fieldErrors: fieldErrorsOf(error) }));
  }
}

function* importRoute(action: ReturnType<typeof importRequested>) {
  const form = new FormData();
  form.append('project_id', String(action.payload.project_id));
  form.append('file', action.payload.file.file);
  try {
    const response: Envelope<{ item: Route; warnings: ImportWarning[] }> = yield* callApi(importRouteFile, form);
    yield put(importFinished({ warnings: response.data.warnings }));
    yield put(toastShown({ messageKey: 'routes.imported', params: { name: response.data.item.name }, severity: 'success' }));
    yield put(listRequested({ resource: 'route' }));
  } catch {
    // callApi has shown the server's reason.
    yield put(importFinished({ warnings: [] }));
  }
}

function* exportRoute(action: ReturnType<typeof exportRequested>) {
  const { id, name, format } = action.payload;
  try {
    const response: Envelope<Blob> = yield* callApi(downloadRouteFile, id, format);
    const doc: Document = yield getContext('document');
    yield call(downloadBlob, doc, routeFileName(name, format), response.data);
  } catch {
    // callApi has reported the failure.
  } finally {
    yield put(exportFinished(id));
  }
}

export default function* routesSaga(): Generator<Effect> {
  yield all([
    takeLatest(editorOpened.type, loadRoute),
    takeLeading(saveRequested.type, saveRoute),
    takeEvery(importRequested.type, importRoute),
    takeEvery(exportRequested.type, exportRoute),
  ]);
}
