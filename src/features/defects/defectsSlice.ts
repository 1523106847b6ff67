import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Defect, DefectAction, DefectCategory, DefectMapPoint, DefectPoints, DefectRegion } from '@shared/entities/defect';
import type { ReportFormat } from '../../api/defects';
import type { Media } from '@shared/entities/media';
import { rootReducer } from '../../app/rootReducer';
import { mapPointsAnswered, NO_MAP_POINTS, type MapPointsState } from '../media';
import { EMPTY_DEFECT_FILTERS, EMPTY_DRAFT, type DefectDraft, type DefectFilters, type DefectShape, type PolygonProblem, type Vertex } from './defectDefaults';

/** How the /Defect page shows its defects. */
export type DefectView = 'list' | 'map';

export interface DefectsState {
  categories: DefectCategory[];
  /** The defects of the photo open in the preview. */
  photo: { mediaId: number | null; items: Defect[] };
  /** The defects of the task the media library is filtered by. */
  task: { taskId: number | null; items: Defect[] };
  /** The shape the reviewer is drawing on the photo (a drag or a click draws instead of panning it), if any. */
  drawing: DefectShape | null;
  /** The vertices of the polygon being drawn, and why the last try to close it failed. */
  polygon: { vertices: Vertex[]; problem: PolygonProblem | null };
  draft: DefectDraft | null;
  saving: boolean;
  /** Defects with a workflow step on its way. */
  stepping: number[];
  /** The report being made for the task, if any. */
  reporting: ReportFormat | null;
  /** The /Defect page's list. */
  list: { view: DefectView; filters: DefectFilters; page: number; items: Defect[]; total: number; loading: boolean; failed: boolean };
  /** The /Defect map: where the defects of the filters are (GET /Defect/points/). */
  map: MapPointsState<DefectMapPoint>;
  /** The defect whose photo the /Defect page shows, and the photo once loaded; `missing`: no such defect the user sees. */
  viewer: { defectId: number; media: Media | null; missing: boolean } | null;
  /** The defect being assigned: the user chosen ('' for nobody), the save on its way or refused. */
  assigning: { defectId: number; assigneeId: string; saving: boolean; failed: boolean } | null;
}

const initialState: DefectsState = {
  categories: [],
  photo: { mediaId: null, items: [] },
  task: { taskId: null, items: [] },
  drawing: null,
  polygon: { vertices: [], problem: null },
  draft: null,
  saving: false,
  stepping: [],
  reporting: null,
  list: { view: 'list', filters: EMPTY_DEFECT_FILTERS, page: 1, items: [], total: 0, loading: false, failed: false },
  map: NO_MAP_POINTS,
  viewer: null,
  assigning: null,
};

/** Puts `defect` in place of the row with its id in `items` (or first, when new). */
const upsert = (items: Defect[], defect: Defect) =>
  items.some((d) => d.id === defect.id) ? items.map((d) => (d.id === defect.id ? defect : d)) : [defect, ...items];

/** The server's answer for a defect in place of its row wherever it is shown. */
const replaceShown = (state: DefectsState, defect: Defect) => {
  const replace = (items: Defect[]) => items.map((d) => (d.id === defect.id ? defect : d));
  state.photo.items = replace(state.photo.items);
  state.task.items = replace(state.task.items);
  state.list.items = replace(state.list.items);
};

const NO_POLYGON: DefectsState['polygon'] = { vertices: [], problem: null };

const defectsSlice = createSlice({
  name: 'defects',
  initialState,
  reducers: {
    categoriesLoaded(state, action: PayloadAction<DefectCategory[]>) {
      state.categories = action.payload;
    },
    photoDefectsLoaded(state, action: PayloadAction<{ mediaId: number | null; items: Defect[] }>) {
      state.photo = action.payload;
      state.drawing = null;
      state.polygon = NO_POLYGON;
      state.draft = null;
    },
    taskDefectsLoaded(state, action: PayloadAction<{ taskId: number | null; items: Defect[] }>) {
      state.task = action.payload;
    },
    /** Starts drawing the shape, or stops when it is the one being drawn. */
    drawingToggled(state, action: PayloadAction<DefectShape>) {
      state.drawing = state.drawing === action.payload ? null : action.payload;
      state.polygon = NO_POLYGON;
    },
    vertexAdded(state, action: PayloadAction<Vertex>) {
      if (state.drawing === 'polygon') state.polygon = { vertices: [...state.polygon.vertices, action.payload], problem: null };
    },
    /** The last vertex placed taken back. */
    vertexRemoved(state) {
      state.polygon = { vertices: state.polygon.vertices.slice(0, -1), problem: null };
    },
    polygonRefused(state, action: PayloadAction<PolygonProblem>) {
      state.polygon.problem = action.payload;
    },
    regionDrawn(state, action: PayloadAction<DefectRegion>) {
      state.draft = { ...(state.draft ?? EMPTY_DRAFT), region: action.payload };
      state.drawing = null;
      state.polygon = NO_POLYGON;
    },
    draftChanged(state, action: PayloadAction<Partial<Omit<DefectDraft, 'region'>>>) {
      if (state.draft) state.draft = { ...state.draft, ...action.payload };
    },
    draftCancelled(state) {
      state.draft = null;
      state.drawing = null;
      state.polygon = NO_POLYGON;
    },
    defectSaveRequested(state) {
      state.saving = true;
    },
    defectSaved(state, action: PayloadAction<Defect>) {
      state.saving = false;
      state.draft = null;
      if (state.photo.mediaId === action.payload.media_id) state.photo.items = upsert(state.photo.items, action.payload);
      if (state.task.taskId !== null && state.task.taskId === action.payload.task_id) state.task.items = upsert(state.task.items, action.payload);
    },
    defectSaveFailed(state) {
      state.saving = false;
    },
    defectStepRequested(state, action: PayloadAction<{ id: number; action: DefectAction }>) {
      state.stepping.push(action.payload.id);
    },
    defectStepped(state, action: PayloadAction<Defect>) {
      state.stepping = state.stepping.filter((id) => id !== action.payload.id);
      replaceShown(state, action.payload);
    },
    defectStepFailed(state, action: PayloadAction<number>) {
      state.stepping = state.stepping.filter((id) => id !== action.payload);
    },
    reportRequested(state, action: PayloadAction<ReportFormat>) {
      state.reporting = action.payload;
    },
    reportFinished(state) {
      state.reporting = null;
    },
    defectPageOpened(state) {
      state.list.loading = true;
    },
    defectFiltersChanged(state, action: PayloadAction<Partial<DefectFilters>>) {
      state.list.filters = { ...state.list.filters, ...action.payload };
      state.list.page = 1;
      state.list.loading = true;
    },
    defectPageChanged(state, action: PayloadAction<number>) {
      state.list.page = action.payload;
      state.list.loading = true;
    },
    defectListLoaded(state, action: PayloadAction<{ items: Defect[]; total: number }>) {
      state.list = { ...state.list, ...action.payload, loading: false, failed: false };
    },
    defectListFailed(state) {
      state.list.loading = false;
      state.list.failed = true;
    },
    defectViewChanged(state, action: PayloadAction<DefectView>) {
      state.list.view = action.payload;
    },
    /** The map's points, of the whole filters (null) or of the view's bbox. */
    defectMapRequested(state, _action: PayloadAction<string | null>) {
      state.map.loading = true;
    },
    defectMapLoaded(state, action: PayloadAction<DefectPoints & { bbox: string | null }>) {
      const { bbox, ...answer } = action.payload;
      state.map = mapPointsAnswered(state.map, bbox, answer);
    },
    defectMapFailed(state) {
      state.map = { ...state.map, loading: false, failed: true };
    },
    defectOpened(state, action: PayloadAction<number>) {
      state.viewer = { defectId: action.payload, media: null, missing: false };
    },
    defectNotFound(state) {
      if (state.viewer) state.viewer.missing = true;
    },
    defectPhotoLoaded(state, action: PayloadAction<Media>) {
      if (state.viewer) state.viewer.media = action.payload;
    },
    defectClosed(state) {
      state.viewer = null;
      state.photo = { mediaId: null, items: [] };
    },
    assignOpened(state, action: PayloadAction<Defect>) {
      state.assigning = {
        defectId: action.payload.id,
        assigneeId: action.payload.assignee_id === null ? '' : String(action.payload.assignee_id),
        saving: false,
        failed: false,
      };
    },
    assigneeChosen(state, action: PayloadAction<string>) {
      if (state.assigning) state.assigning = { ...state.assigning, assigneeId: action.payload, failed: false };
    },
    assignCancelled(state) {
      state.assigning = null;
    },
    defectAssignRequested(state) {
      if (state.assigning) state.assigning = { ...state.assigning, saving: true, failed: false };
    },
    defectAssigned(state, action: PayloadAction<Defect>) {
      state.assigning = null;
      replaceShown(state, action.payload);
    },
    defectAssignFailed(state) {
      if (state.assigning) state.assigning = { ...state.assigning, saving: false, failed: true };
    },
  },
});

export const {
  categoriesLoaded,
  photoDefectsLoaded,
  taskDefectsLoaded,
  drawingToggled,
  vertexAdded,
  vertexRemoved,
  polygonRefused,
  regionDrawn,
  draftChanged,
  draftCancelled,
  defectSaveRequested,
  defectSaved,
  defectSaveFailed,
  defectStepRequested,
  defectStepped,
  defectStepFailed,
  reportRequested,
  reportFinished,
  defectPageOpened,
  defectFiltersChanged,
  defectPageChanged,
  defectListLoaded,
  defectListFailed,
  defectViewChanged,
  defectMapRequested,
  defectMapLoaded,
  defectMapFailed,
  defectOpened,
  defectNotFound,
  defectPhotoLoaded,
  defectClosed,
  assignOpened,
  assigneeChosen,
  assignCancelled,
  defectAssignRequested,
  defectAssigned,
  defectAssignFailed,
} = defectsSlice.actions;

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof defectsSlice> {}
}

/** Defects join the store when their code loads (the media and defect pages, the signed-in sagas): the login page never carries them. */
export const selectDefects = defectsSlice.injectInto(rootReducer).selectSlice;
export default defectsSlice.reducer;
