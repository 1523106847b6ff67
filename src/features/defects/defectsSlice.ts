import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Defect, DefectAction, DefectCategory, DefectRegion } from '@shared/entities/defect';
import type { ReportFormat } from '../../api/defects';
import { EMPTY_DRAFT, type DefectDraft } from './defectRules';

export interface DefectsState {
  categories: DefectCategory[];
  /** The defects of the photo open in the preview. */
  photo: { mediaId: number | null; items: Defect[] };
  /** The defects of the task the media library is filtered by. */
  task: { taskId: number | null; items: Defect[] };
  /** The reviewer is dragging a rectangle on the photo (instead of panning it). */
  drawing: boolean;
  draft: DefectDraft | null;
  saving: boolean;
  /** Defects with a workflow step on its way. */
  stepping: number[];
  /** The report being made for the task, if any. */
  reporting: ReportFormat | null;
}

const initialState: DefectsState = {
  categories: [],
  photo: { mediaId: null, items: [] },
  task: { taskId: null, items: [] },
  drawing: false,
  draft: null,
  saving: false,
  stepping: [],
  reporting: null,
};

/** Puts `defect` in place of the row with its id in `items` (or first, when new). */
const upsert = (items: Defect[], defect: Defect) =>
  items.some((d) => d.id === defect.id) ? items.map((d) => (d.id === defect.id ? defect : d)) : [defect, ...items];

const defectsSlice = createSlice({
  name: 'defects',
  initialState,
  reducers: {
    categoriesLoaded(state, action: PayloadAction<DefectCategory[]>) {
      state.categories = action.payload;
    },
    photoDefectsLoaded(state, action: PayloadAction<{ mediaId: number | null; items: Defect[] }>) {
      state.photo = action.payload;
      state.drawing = false;
      state.draft = null;
    },
    taskDefectsLoaded(state, action: PayloadAction<{ taskId: number | null; items: Defect[] }>) {
      state.task = action.payload;
    },
    drawingToggled(state) {
      state.drawing = !state.drawing;
    },
    regionDrawn(state, action: PayloadAction<DefectRegion>) {
      state.draft = { ...(state.draft ?? EMPTY_DRAFT), region: action.payload };
      state.drawing = false;
    },
    draftChanged(state, action: PayloadAction<Partial<Omit<DefectDraft, 'region'>>>) {
      if (state.draft) state.draft = { ...state.draft, ...action.payload };
    },
    draftCancelled(state) {
      state.draft = null;
      state.drawing = false;
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
      state.photo.items = state.photo.items.map((d) => (d.id === action.payload.id ? action.payload : d));
      state.task.items = state.task.items.map((d) => (d.id === action.payload.id ? action.payload : d));
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
  },
});

export const {
  categoriesLoaded,
  photoDefectsLoaded,
  taskDefectsLoaded,
  drawingToggled,
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
} = defectsSlice.actions;

type WithDefects = { defects: DefectsState };
export const selectDefects = (state: WithDefects) => state.defects;
export default defectsSlice.reducer;
