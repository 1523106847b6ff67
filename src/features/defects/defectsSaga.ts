import { all, call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Defect, DefectCategory, DefectPoints } from '@shared/entities/defect';
import { ApiError, type Envelope } from '../../api/client';
import { callApi } from '../../api/callApi';
import { getMedia } from '../../api/media';
import type { Media } from '@shared/entities/media';
import {
  assignDefect,
  createDefect,
  fetchTaskReport,
  getDefect,
  listDefectCategories,
  listDefectPoints,
  listDefects,
  stepDefect,
  type DefectPage,
} from '../../api/defects';
import { downloadBlob } from '../../crud/csv';
import { selectLanguage, type Language } from '../i18n';
import type { Saga } from '../../app/saga';
import { mediaLoaded, mediaPageOpened, mediaQuery, previewOpened, selectMedia, type MediaState } from '../media';
import { defectFilterQuery, defectListQuery, draftProblem } from './defectRules';
import {
  defectAssigned,
  defectAssignFailed,
  defectAssignRequested,
  categoriesLoaded,
  defectClosed,
  defectFiltersChanged,
  defectListFailed,
  defectListLoaded,
  defectMapFailed,
  defectMapLoaded,
  defectMapRequested,
  defectNotFound,
  defectOpened,
  defectPageChanged,
  defectPageOpened,
  defectPhotoLoaded,
  defectSaved,
  defectSaveFailed,
  defectSaveRequested,
  defectStepFailed,
  defectStepped,
  defectStepRequested,
  defectViewChanged,
  photoDefectsLoaded,
  reportFinished,
  reportRequested,
  selectDefects,
  taskDefectsLoaded,
  type DefectsState,
} from './defectsSlice';

/** Defects of one photo or one task fit one page: a flight's photos carry tens of defects, not thousands. */
const DEFECTS_PAGE = 500;

function* loadCategories(): Saga {
  const { categories }: DefectsState = yield select(selectDefects);
  if (categories.length) return;
  try {
    const response: Envelope<{ items: DefectCategory[] }> = yield* callApi(listDefectCategories);
    yield put(categoriesLoaded(response.data.items));
  } catch {
    // The request failure is already shown; the form offers no category meanwhile.
  }
}

function* loadPhotoDefects(action: ReturnType<typeof previewOpened>): Saga {
  const mediaId = action.payload;
  if (mediaId === null) {
    yield put(photoDefectsLoaded({ mediaId: null, items: [] }));
    return;
  }
  try {
    const response: Envelope<DefectPage> = yield* callApi(listDefects, { media_id: mediaId, page_size: DEFECTS_PAGE });
    yield put(photoDefectsLoaded({ mediaId, items: response.data.items }));
  } catch {
    yield put(photoDefectsLoaded({ mediaId, items: [] }));
  }
}

/** The defects of the task the library is filtered by, reloaded with the list. */
function* loadTaskDefects(): Saga {
  const { filters }: MediaState = yield select(selectMedia);
  const taskId = mediaQuery(filters, 1).task_id as number | undefined;
  if (taskId === undefined) {
    yield put(taskDefectsLoaded({ taskId: null, items: [] }));
    return;
  }
  try {
    const response: Envelope<DefectPage> = yield* callApi(listDefects, { task_id: taskId, page_size: DEFECTS_PAGE });
    yield put(taskDefectsLoaded({ taskId, items: response.data.items }));
  } catch {
    yield put(taskDefectsLoaded({ taskId, items: [] }));
  }
}

function* saveDefect(): Saga {
  const { draft, photo }: DefectsState = yield select(selectDefects);
  if (!draft || !draft.region || photo.mediaId === null || draftProblem(draft)) {
    yield put(defectSaveFailed());
    return;
  }
  try {
    const response: Envelope<Defect> = yield* callApi(createDefect, {
      media_id: photo.mediaId,
      region: draft.region,
      category_id: draft.category_id,
      severity: draft.severity,
      note: draft.note.trim() || null,
    });
    yield put(defectSaved(response.data));
  } catch {
    yield put(defectSaveFailed());
  }
}

function* stepOne(action: ReturnType<typeof defectStepRequested>): Saga {
  try {
    const response: Envelope<Defect> = yield* callApi(stepDefect, action.payload.id, action.payload.action);
    yield put(defectStepped(response.data));
  } catch {
    yield put(defectStepFailed(action.payload.id));
  }
}

/** Assigns the defect the dialog is open for to the user chosen there (nobody when none). */
function* assignOne(): Saga {
  const { assigning }: DefectsState = yield select(selectDefects);
  if (!assigning) return;
  try {
    const response: Envelope<Defect> = yield* callApi(assignDefect, assigning.defectId, assigning.assigneeId === '' ? null : Number(assigning.assigneeId));
    yield put(defectAssigned(response.data));
  } catch {
    yield put(defectAssignFailed());
  }
}

/** The inspection report of the task the library is filtered by, in the console's language, saved as a file. */
function* downloadReport(action: ReturnType<typeof reportRequested>): Saga {
  const { task }: DefectsState = yield select(selectDefects);
  const language: Language = yield select(selectLanguage);
  const doc: Document = yield getContext('document');
  try {
    if (task.taskId === null) return;
    const response: Envelope<Blob> = yield* callApi(fetchTaskReport, task.taskId, action.payload, language);
    yield call(downloadBlob, doc, `report-task-${task.taskId}.${action.payload}`, response.data);
  } catch {
    // The request failure is already shown.
  } finally {
    yield put(reportFinished());
  }
}

/** The /Defect page's list for its filters and page. */
function* loadList(): Saga {
  const { list }: DefectsState = yield select(selectDefects);
  try {
    const response: Envelope<DefectPage> = yield* callApi(listDefects, defectListQuery(list.filters, list.page));
    yield put(defectListLoaded({ items: response.data.items, total: response.data.total }));
  } catch {
    yield put(defectListFailed());
  }
}

/** The map view asks for the points of the whole filters when it shows and whenever they change. */
function* reloadMap(): Saga {
  const { list }: DefectsState = yield select(selectDefects);
  if (list.view === 'map') yield put(defectMapRequested(null));
}

/** The map's points, of the whole filters or of the view's bbox (a newer request cancels an older one). */
function* loadMap(action: ReturnType<typeof defectMapRequested>): Saga {
  const { list }: DefectsState = yield select(selectDefects);
  const bbox = action.payload;
  try {
    const response: Envelope<DefectPoints> = yield* callApi(listDefectPoints, { ...defectFilterQuery(list.filters), ...(bbox === null ? {} : { bbox }) });
    yield put(defectMapLoaded({ ...response.data, bbox }));
  } catch {
    yield put(defectMapFailed());
  }
}

/** A defect of the list, else as the server gives it to the user (a deep link); null when there is none they see (404). */
function* defectOf(id: number): Saga<Defect | null> {
  const { list }: DefectsState = yield select(selectDefects);
  const listed = list.items.find((d) => d.id === id);
  if (listed) return listed;
  try {
    const response: Envelope<Defect> = yield* callApi(getDefect, id);
    return response.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The photo of the defect opened on the /Defect page (from its list, or `#/Defect?id=…`), with the photo's defects to
 * outline on it; a defect the user does not see is the viewer's "not found", never its data.
 */
function* openDefectPhoto(action: ReturnType<typeof defectOpened>): Saga {
  try {
    const defect: Defect | null = yield* defectOf(action.payload);
    if (!defect) {
      yield put(defectNotFound());
      return;
    }
    const media: Envelope<Media> = yield* callApi(getMedia, defect.media_id);
    const defects: Envelope<DefectPage> = yield* callApi(listDefects, { media_id: defect.media_id, page_size: DEFECTS_PAGE });
    yield put(photoDefectsLoaded({ mediaId: defect.media_id, items: defects.data.items }));
    yield put(defectPhotoLoaded(media.data));
  } catch {
    // The request failure is already shown.
    yield put(defectClosed());
  }
}

/**
 * Defects marked on the media library's photos: categories, a photo's and a task's defects, marking, workflow
 * steps; the /Defect page's list, its map and the photo of the defect it opens.
 */
export default function* defectsSaga(): Saga {
  yield all([
    takeLatest(mediaPageOpened.type, loadCategories),
    takeLatest(previewOpened.type, loadPhotoDefects),
    takeLatest(mediaLoaded.type, loadTaskDefects),
    takeEvery(defectSaveRequested.type, saveDefect),
    takeEvery(defectStepRequested.type, stepOne),
    takeLatest(defectAssignRequested.type, assignOne),
    takeLatest(reportRequested.type, downloadReport),
    takeLatest(defectPageOpened.type, loadCategories),
    takeLatest([defectPageOpened.type, defectFiltersChanged.type, defectPageChanged.type], loadList),
    takeLatest([defectPageOpened.type, defectViewChanged.type, defectFiltersChanged.type], reloadMap),
    takeLatest(defectMapRequested.type, loadMap),
    takeLatest(defectOpened.type, openDefectPhoto),
  ]);
}
