import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Media, MediaMapPoint, MediaPoints } from '@shared/entities/media';
import { rootReducer, type RootState } from '../../app/rootReducer';
import { EMPTY_FILTERS, toggleSelected, uploadRefusal, type MediaFilters, type UploadRefusal } from './mediaRules';

export type MediaView = 'grid' | 'list' | 'map';
export type UploadStatus = 'waiting' | 'sending' | 'done' | 'duplicate' | 'failed' | 'refused';

/** One file dropped on the library, as the upload list shows it. */
export interface UploadEntry {
  key: number;
  name: string;
  status: UploadStatus;
  refusal: UploadRefusal | null;
}

export interface MediaState {
  filters: MediaFilters;
  page: number;
  view: MediaView;
  items: Media[];
  total: number;
  loading: boolean;
  failed: boolean;
  selected: number[];
  previewId: number | null;
  /** The file open in the preview when the loaded page does not hold it (a task's defect, a map point), read by its id. */
  previewItem: Media | null;
  /** The preview's file was not on the page when it opened, so it is read by its id: a page without it leaves it open. */
  previewById: boolean;
  uploads: UploadEntry[];
  /** The key the next dropped file gets. */
  nextUploadKey: number;
  /** The videos of the flight record a replay shows (its live recordings). */
  recordVideos: { recordId: number | null; items: Media[] };
  /** The map view: where the files of the filters were taken (GET /Media/points/). */
  map: MapPointsState<MediaMapPoint>;
}

/**
 * Points of a map view (GET …/points/): those of the whole filters (`bbox` null), or of the view it asked for once the
 * filters' were too many (`crowded`: the whole filters' answer was cut, so each move asks for the view's).
 */
export interface MapPointsState<P> {
  points: P[];
  truncated: boolean;
  bbox: string | null;
  crowded: boolean;
  loading: boolean;
  failed: boolean;
}

export const NO_MAP_POINTS: MapPointsState<never> = { points: [], truncated: false, bbox: null, crowded: false, loading: false, failed: false };

/** The points answered for `bbox` (null: the whole filters). */
export const mapPointsAnswered = <P>(map: MapPointsState<P>, bbox: string | null, answer: { points: P[]; truncated: boolean }): MapPointsState<P> => ({
  ...answer,
  bbox,
  crowded: bbox === null ? answer.truncated : map.crowded,
  loading: false,
  failed: false,
});

const initialState: MediaState = {
  filters: EMPTY_FILTERS,
  page: 1,
  view: 'grid',
  items: [],
  total: 0,
  loading: false,
  failed: false,
  selected: [],
  previewId: null,
  previewItem: null,
  previewById: false,
  uploads: [],
  nextUploadKey: 1,
  recordVideos: { recordId: null, items: [] },
  map: NO_MAP_POINTS,
};

/** Files dropped on (or picked for) the library, to upload into `project_id` one after the other. */
export interface FilesDropped {
  project_id: string;
  files: File[];
}

const mediaSlice = createSlice({
  name: 'media',
  initialState,
  reducers: {
    mediaPageOpened(state) {
      state.loading = true;
    },
    filtersChanged(state, action: PayloadAction<Partial<MediaFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.page = 1;
      state.loading = true;
    },
    filtersReset(state) {
      state.filters = EMPTY_FILTERS;
      state.page = 1;
      state.loading = true;
    },
    pageChanged(state, action: PayloadAction<number>) {
      state.page = action.payload;
      state.loading = true;
    },
    viewChanged(state, action: PayloadAction<MediaView>) {
      state.view = action.payload;
    },
    mediaLoaded(state, action: PayloadAction<{ items: Media[]; total: number }>) {
      state.items = action.payload.items;
      state.total = action.payload.total;
      state.loading = false;
      state.failed = false;
      const shown = new Set(action.payload.items.map((item) => item.id));
      state.selected = state.selected.filter((id) => shown.has(id));
      if (state.previewId !== null && !shown.has(state.previewId) && !state.previewById) state.previewId = null;
    },
    mediaLoadFailed(state) {
      state.loading = false;
      state.failed = true;
    },
    selectionToggled(state, action: PayloadAction<number>) {
      state.selected = toggleSelected(state.selected, action.payload);
    },
    selectionSet(state, action: PayloadAction<number[]>) {
      state.selected = action.payload;
    },
    previewOpened(state, action: PayloadAction<number | null>) {
      const id = action.payload;
      state.previewId = id;
      state.previewById = id !== null && !state.items.some((item) => item.id === id);
      if (state.previewItem?.id !== id) state.previewItem = null;
    },
    previewLoaded(state, action: PayloadAction<Media>) {
      if (state.previewId === action.payload.id) state.previewItem = action.payload;
    },
    /** The file asked for by its id is not one the user sees (or the request failed): the preview stays closed. */
    previewMissing(state, action: PayloadAction<number>) {
      if (state.previewId === action.payload) state.previewId = null;
    },
    filesDropped(state, action: PayloadAction<FilesDropped>) {
      for (const file of action.payload.files) {
        const refusal = uploadRefusal(file, action.payload.project_id);
        state.uploads.push({ key: state.nextUploadKey++, name: file.name, status: refusal ? 'refused' : 'waiting', refusal });
      }
    },
    uploadStatusChanged(state, action: PayloadAction<{ key: number; status: UploadStatus }>) {
      const entry = state.uploads.find((u) => u.key === action.payload.key);
      if (entry) entry.status = action.payload.status;
    },
    uploadsFinished(state) {
      state.loading = true;
    },
    uploadsCleared(state) {
      state.uploads = state.uploads.filter((u) => u.status === 'waiting' || u.status === 'sending');
    },
    downloadRequested(_state, _action: PayloadAction<number[]>) {},
    /** The map's points, of the whole filters (null) or of the view's bbox. */
    mapPointsRequested(state, _action: PayloadAction<string | null>) {
      state.map.loading = true;
    },
    mapPointsLoaded(state, action: PayloadAction<MediaPoints & { bbox: string | null }>) {
      const { bbox, ...answer } = action.payload;
      state.map = mapPointsAnswered(state.map, bbox, answer);
    },
    mapPointsFailed(state) {
      state.map = { ...state.map, loading: false, failed: true };
    },
    recordVideosRequested(state, action: PayloadAction<number>) {
      if (state.recordVideos.recordId !== action.payload) state.recordVideos = { recordId: action.payload, items: [] };
    },
    recordVideosLoaded(state, action: PayloadAction<{ recordId: number; items: Media[] }>) {
      if (state.recordVideos.recordId === action.payload.recordId) state.recordVideos.items = action.payload.items;
    },
  },
});

export const {
  mediaPageOpened,
  filtersChanged,
  filtersReset,
  pageChanged,
  viewChanged,
  mediaLoaded,
  mediaLoadFailed,
  selectionToggled,
  selectionSet,
  previewOpened,
  previewLoaded,
  previewMissing,
  filesDropped,
  uploadStatusChanged,
  uploadsFinished,
  uploadsCleared,
  downloadRequested,
  mapPointsRequested,
  mapPointsLoaded,
  mapPointsFailed,
  recordVideosRequested,
  recordVideosLoaded,
} = mediaSlice.actions;

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof mediaSlice> {}
}

/** The media library joins the store when its code loads (its pages, the signed-in sagas): the login page never carries it. */
export const selectMedia = mediaSlice.injectInto(rootReducer).selectSlice;
/** The file open in the preview: the loaded page's, else the one read by its id. */
export const selectPreview = (state: RootState) => {
  const { previewId, items, previewItem } = selectMedia(state);
  return previewId === null ? null : (items.find((item) => item.id === previewId) ?? (previewItem?.id === previewId ? previewItem : null));
};
export const selectRecordVideos = (state: RootState) => selectMedia(state).recordVideos.items;
export default mediaSlice.reducer;
