import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../auth';
import { rowSettled, saveSucceeded } from '../../crud/resourcesSlice';
import type { ImportProblem } from './geojsonImport';
import { draftOf, type AreaOverlay, type DraftGeometry, type FeatureInput, type FeatureKind, type MapFeature } from './types';

export const FEATURE_RESOURCE = 'feature';

/** Default view: Shenzhen. */
export const DEFAULT_VIEW = { center: [22.54, 114.05] as [number, number], zoom: 11 };

/** `plans`: the flight plans active now (drawn on /Tas only). */
export type LayerId = 'points' | 'lines' | 'polygons' | 'projects' | 'airspace' | 'plans';
export const LAYER_IDS: LayerId[] = ['points', 'lines', 'polygons', 'projects', 'airspace'];
/** A base map's id (see baseLayers.ts): "provider:<id>", "package:<file>" or "outlines". */
export type BaseLayerId = string;
/** A list screen: the overview or one kind's editor. */
export type MapPage = 'index' | FeatureKind;

export interface FlyTarget {
  /** [[south, west], [north, east]], or a centre. */
  bounds?: [[number, number], [number, number]];
  center?: [number, number];
  zoom?: number;
  /** Increments on every request, so flying to the same place twice works. */
  seq: number;
}

export interface EditorState {
  /** drawing: a new feature is being drawn; editing: the draft is a new or selected feature's geometry. */
  mode: 'idle' | 'drawing' | 'editing';
  kind: FeatureKind | null;
  /** The feature being edited (null: a new one). */
  featureId: number | null;
  draft: DraftGeometry | null;
  /** A circle is being drawn (the polygon page draws polygons and circles). */
  drawingCircle: boolean;
  /** Increments whenever the draft is replaced from outside the map (new selection, new drawing), so the map rebuilds its editable layer. */
  epoch: number;
}

export interface ImportState {
  status: 'idle' | 'saving' | 'done' | 'failed';
  fileName: string;
  errors: ImportProblem[];
  count: number;
}

export interface MapState {
  features: MapFeature[];
  featuresStatus: 'idle' | 'loading' | 'ready' | 'failed';
  featuresError: string | null;
  overlays: { projects: AreaOverlay[]; airspace: AreaOverlay[]; status: 'idle' | 'loading' | 'ready' | 'failed' };
  view: { center: [number, number]; zoom: number };
  flyTo: FlyTarget | null;
  selectedId: number | null;
  search: Record<MapPage, string>;
  layers: Record<LayerId, boolean>;
  /** The user's base map (remembered in local storage); null: the first on offer. */
  baseLayer: BaseLayerId | null;
  editor: EditorState;
  import: ImportState;
}

const idleEditor: EditorState = { mode: 'idle', kind: null, featureId: null, draft: null, drawingCircle: false, epoch: 0 };
const idleImport: ImportState = { status: 'idle', fileName: '', errors: [], count: 0 };

export const initialMapState: MapState = {
  features: [],
  featuresStatus: 'idle',
  featuresError: null,
  overlays: { projects: [], airspace: [], status: 'idle' },
  view: DEFAULT_VIEW,
  flyTo: null,
  selectedId: null,
  search: { index: '', point: '', polyline: '', polygon: '' },
  layers: { points: true, lines: true, polygons: true, projects: true, airspace: true, plans: true },
  baseLayer: null,
  editor: idleEditor,
  import: idleImport,
};

const isFeatureAction = (payload: { resource: string }) => payload.resource === FEATURE_RESOURCE;

const mapSlice = createSlice({
  name: 'map',
  initialState: initialMapState,
  reducers: {
    /** A map page is on screen: its features follow sysinfo/map (mapSaga). */
    mapShown() {},
    /** No map page is on screen any more. */
    mapHidden() {},
    featuresRequested(state) {
      state.featuresStatus = 'loading';
      state.featuresError = null;
    },
    featuresLoaded(state, action: PayloadAction<MapFeature[]>) {
      state.features = action.payload;
      state.featuresStatus = 'ready';
      if (state.selectedId !== null && !action.payload.some((f) => f.id === state.selectedId)) state.selectedId = null;
    },
    featuresFailed(state, action: PayloadAction<string>) {
      state.featuresStatus = 'failed';
      state.featuresError = action.payload;
    },
    overlaysRequested(state) {
      state.overlays.status = 'loading';
    },
    overlaysLoaded(state, action: PayloadAction<{ projects: AreaOverlay[]; airspace: AreaOverlay[] }>) {
      state.overlays = { ...action.payload, status: 'ready' };
    },
    overlaysFailed(state) {
      state.overlays.status = 'failed';
    },
    /** The map reports where it is after the user pans/zooms. */
    viewChanged(state, action: PayloadAction<{ center: [number, number]; zoom: number }>) {
      state.view = action.payload;
    },
    flyToRequested(state, action: PayloadAction<Omit<FlyTarget, 'seq'>>) {
      state.flyTo = { ...action.payload, seq: (state.flyTo?.seq ?? 0) + 1 };
    },
    /** Selects a feature (null clears). On an editor page the selection's geometry becomes the draft being edited. */
    featureSelected(state, action: PayloadAction<{ id: number | null; edit?: boolean }>) {
      const { id, edit } = action.payload;
      state.selectedId = id;
      const feature = id === null ? undefined : state.features.find((f) => f.id === id);
      if (edit && feature) {
        state.editor = {
          ...idleEditor,
          mode: 'editing',
          kind: state.editor.kind,
          featureId: feature.id,
          draft: draftOf(feature),
          epoch: state.editor.epoch + 1,
        };
      } else if (state.editor.mode !== 'idle') {
        state.editor = { ...idleEditor, kind: state.editor.kind, epoch: state.editor.epoch + 1 };
      }
    },
    searchChanged(state, action: PayloadAction<{ page: MapPage; text: string }>) {
      state.search[action.payload.page] = action.payload.text;
    },
    layerToggled(state, action: PayloadAction<{ layer: LayerId; visible?: boolean }>) {
      const { layer, visible } = action.payload;
      state.layers[layer] = visible ?? !state.layers[layer];
    },
    baseLayerChanged(state, action: PayloadAction<BaseLayerId>) {
      state.baseLayer = action.payload;
    },
    /** An editor page opens (or closes: null): whatever was being drawn or edited is dropped. */
    editorOpened(state, action: PayloadAction<FeatureKind | null>) {
      state.editor = { ...idleEditor, kind: action.payload, epoch: state.editor.epoch + 1 };
      state.selectedId = null;
      state.import = idleImport;
    },
    /** Drawing starts: the page's kind, or a circle (`circle`) on the polygon page. */
    drawStarted(state, action: PayloadAction<'circle' | undefined>) {
      state.selectedId = null;
      state.editor = {
        ...state.editor,
        mode: 'drawing',
        featureId: null,
        draft: null,
        drawingCircle: action.payload === 'circle',
        epoch: state.editor.epoch + 1,
      };
    },
    /** A shape was drawn on the map: it becomes the draft of a new feature. */
    shapeDrawn(state, action: PayloadAction<DraftGeometry>) {
      state.editor = { ...state.editor, mode: 'editing', featureId: null, draft: action.payload, epoch: state.editor.epoch + 1 };
    },
    /** Vertices moved or the shape was dragged on the map (the editable layer stays as it is). */
    draftChanged(state, action: PayloadAction<DraftGeometry>) {
      if (state.editor.mode === 'editing') state.editor.draft = action.payload;
    },
    editCancelled(state) {
      state.editor = { ...idleEditor, kind: state.editor.kind, epoch: state.editor.epoch + 1 };
      state.selectedId = null;
    },
    /** A file failed validation: nothing is saved. */
    importRejected(state, action: PayloadAction<{ fileName: string; errors: ImportProblem[] }>) {
      state.import = { status: 'failed', fileName: action.payload.fileName, errors: action.payload.errors, count: 0 };
    },
    importRequested(state, action: PayloadAction<{ fileName: string; features: FeatureInput[] }>) {
      state.import = { status: 'saving', fileName: action.payload.fileName, errors: [], count: action.payload.features.length };
    },
    importSucceeded(state, action: PayloadAction<{ count: number }>) {
      state.import = { ...state.import, status: 'done', errors: [], count: action.payload.count };
    },
    /** The server refused the file (one transaction): nothing of it was saved. */
    importFailed(state, action: PayloadAction<{ errors: ImportProblem[] }>) {
      state.import = { ...state.import, status: 'failed', errors: action.payload.errors, count: 0 };
    },
    importDismissed(state) {
      state.import = idleImport;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(saveSucceeded, (state, action) => {
        if (!isFeatureAction(action.payload)) return;
        state.editor = { ...idleEditor, kind: state.editor.kind, epoch: state.editor.epoch + 1 };
      })
      .addCase(rowSettled, (state, action) => {
        if (!isFeatureAction(action.payload) || !action.payload.ok) return;
        if (state.selectedId === action.payload.id) {
          state.selectedId = null;
          state.editor = { ...idleEditor, kind: state.editor.kind, epoch: state.editor.epoch + 1 };
        }
        state.features = state.features.filter((f) => f.id !== action.payload.id);
      })
      // The base map is the device's preference, like the language: it outlives the session.
      .addCase(loggedOut, (state) => ({ ...initialMapState, baseLayer: state.baseLayer }))
      .addCase(sessionExpired, (state) => ({ ...initialMapState, baseLayer: state.baseLayer }));
  },
});

export const {
  mapShown,
  mapHidden,
  featuresRequested,
  featuresLoaded,
  featuresFailed,
  overlaysRequested,
  overlaysLoaded,
  overlaysFailed,
  viewChanged,
  flyToRequested,
  featureSelected,
  searchChanged,
  layerToggled,
  baseLayerChanged,
  editorOpened,
  drawStarted,
  shapeDrawn,
  draftChanged,
  editCancelled,
  importRejected,
  importRequested,
  importSucceeded,
  importFailed,
  importDismissed,
} = mapSlice.actions;
export default mapSlice.reducer;
