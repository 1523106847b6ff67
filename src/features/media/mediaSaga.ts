import { all, call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Envelope } from '../../api/client';
import { callApi } from '../../api/callApi';
import type { Media, MediaPoints } from '@shared/entities/media';
import { archiveMedia, getMedia, listMedia, listMediaPoints, uploadMedia, type MediaPage } from '../../api/media';
import { downloadUrl } from '../../crud/csv';
import type { Saga } from '../../app/saga';
import { mediaFilterQuery, mediaQuery } from './mediaRules';
import {
  downloadRequested,
  filesDropped,
  filtersChanged,
  filtersReset,
  mapPointsFailed,
  mapPointsLoaded,
  mapPointsRequested,
  mediaLoaded,
  mediaLoadFailed,
  mediaPageOpened,
  pageChanged,
  previewLoaded,
  previewMissing,
  previewOpened,
  recordVideosLoaded,
  recordVideosRequested,
  selectMedia,
  uploadsFinished,
  uploadStatusChanged,
  viewChanged,
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

/**
 * The file opened in the preview, read by its id when the loaded page does not hold it (a task's defect or a map point
 * opens any file of the filters, on whatever page); one the user does not see closes the preview (the failure is shown).
 */
function* loadPreview(action: ReturnType<typeof previewOpened>): Saga {
  const id = action.payload;
  const { items, previewItem }: MediaState = yield select(selectMedia);
  if (id === null || items.some((item) => item.id === id) || previewItem?.id === id) return;
  try {
    const response: Envelope<Media> = yield* callApi(getMedia, id);
    yield put(previewLoaded(response.data));
  } catch {
    yield put(previewMissing(id));
  }
}

/** The map view asks for the points of the whole filters when it shows and whenever they (or the files) change. */
function* reloadMap(): Saga {
  const { view }: MediaState = yield select(selectMedia);
  if (view === 'map') yield put(mapPointsRequested(null));
}

/** The map's points, of the whole filters or of the view's bbox (a newer request cancels an older one). */
function* loadMapPoints(action: ReturnType<typeof mapPointsRequested>): Saga {
  const { filters }: MediaState = yield select(selectMedia);
  const bbox = action.payload;
  try {
    const response: Envelope<MediaPoints> = yield* callApi(listMediaPoints, { ...mediaFilterQuery(filters), ...(bbox === null ? {} : { bbox }) });
    yield put(mapPointsLoaded({ ...response.data, bbox }));
  } catch {
    yield put(mapPointsFailed());
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

/**
 * Saves the chosen files: one through its signed address, several as one ZIP the server streams (the browser fetches
 * either; no token in the link).
 */
function* downloadFiles(action: ReturnType<typeof downloadRequested>): Saga {
  const { items, previewItem }: MediaState = yield select(selectMedia);
  const doc: Document = yield getContext('document');
  const chosen = (previewItem ? [...items, previewItem] : items).filter((i) => action.payload.includes(i.id));
  if (chosen.length === 1) {
    yield call(downloadUrl, doc, chosen[0].name, chosen[0].url);
    return;
  }
  try {
    const response: Envelope<{ url: string; count: number }> = yield* callApi(archiveMedia, action.payload);
    yield call(downloadUrl, doc, `media-${response.data.count}.zip`, response.data.url);
  } catch {
    // The request failure is already shown.
  }
}

/** The videos of a flight record (its live recordings) for the record's replay, oldest first. */
function* loadRecordVideos(action: ReturnType<typeof recordVideosRequested>): Saga {
  try {
    const query = { flight_record_id: action.payload, type: 'video', ordering: 'taken_at', page: 1, page_size: 100 };
    const response: Envelope<MediaPage> = yield* callApi(listMedia, query);
    yield put(recordVideosLoaded({ recordId: action.payload, items: response.data.items }));
  } catch {
    // The request failure is already shown; the replay goes on without video.
  }
}

/** The media library (/Media): list, map, preview of any file, upload by hand, download; a flight replay's videos. */
export default function* mediaSaga(): Saga {
  yield all([
    takeLatest([mediaPageOpened.type, filtersChanged.type, filtersReset.type, pageChanged.type, uploadsFinished.type], loadMedia),
    takeLatest([mediaPageOpened.type, viewChanged.type, filtersChanged.type, filtersReset.type, uploadsFinished.type], reloadMap),
    takeLatest(mapPointsRequested.type, loadMapPoints),
    takeLatest(previewOpened.type, loadPreview),
    takeEvery(filesDropped.type, uploadFiles),
    takeEvery(downloadRequested.type, downloadFiles),
    takeLatest(recordVideosRequested.type, loadRecordVideos),
  ]);
}
