import { all, call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Envelope } from '../../api/client';
import { callApi } from '../../api/callApi';
import { listMedia, uploadMedia, type MediaPage } from '../../api/media';
import { downloadUrl } from '../../crud/csv';
import type { Saga } from '../../app/saga';
import { mediaQuery } from './mediaRules';
import {
  downloadRequested,
  filesDropped,
  filtersChanged,
  filtersReset,
  mediaLoaded,
  mediaLoadFailed,
  mediaPageOpened,
  pageChanged,
  selectMedia,
  uploadsFinished,
  uploadStatusChanged,
  type MediaState,
} from './mediaSlice';

/** Loads the page the filters ask for (a newer request cancels an older one). */
function* loadMedia(): Saga {
  const { filters, page }: MediaState = yield select(selectMedia);
  try {
    const response: Envelope<MediaPage> = yield* callApi(listMedia, mediaQuery(filters, page));
    yield put(mediaLoaded({ items: response.data.items, total: response.data.total }));
  } catch {
    yield put(mediaLoadFailed());
  }
}

/** Sends the dropped files one after the other (the server reads each whole), then reloads the list. */
function* uploadFiles(action: ReturnType<typeof filesDropped>): Saga {
  const { uploads }: MediaState = yield select(selectMedia);
  const entries = uploads.slice(uploads.length - action.payload.files.length);
  for (const [index, file] of action.payload.files.entries()) {
    const { key, status } = entries[index];
    if (status !== 'waiting') continue;
    yield put(uploadStatusChanged({ key, status: 'sending' }));
    const form = new FormData();
    form.append('project_id', action.payload.project_id);
    form.append('file', file, file.name);
    try {
      const response: Envelope<{ duplicate: boolean }> = yield* callApi(uploadMedia, form);
      yield put(uploadStatusChanged({ key, status: response.data.duplicate ? 'duplicate' : 'done' }));
    } catch {
      yield put(uploadStatusChanged({ key, status: 'failed' }));
    }
  }
  yield put(uploadsFinished());
}

/** Saves each chosen file through its signed address (the browser fetches it; no token in the link). */
function* downloadFiles(action: ReturnType<typeof downloadRequested>): Saga {
  const { items }: MediaState = yield select(selectMedia);
  const doc: Document = yield getContext('document');
  for (const item of items.filter((i) => action.payload.includes(i.id))) yield call(downloadUrl, doc, item.name, item.url);
}

/** The media library (/Media): list, upload by hand, download. */
export default function* mediaSaga(): Saga {
  yield all([
    takeLatest([mediaPageOpened.type, filtersChanged.type, filtersReset.type, pageChanged.type, uploadsFinished.type], loadMedia),
    takeEvery(filesDropped.type, uploadFiles),
    takeEvery(downloadRequested.type, downloadFiles),
  ]);
}
