import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Route, RouteTemplate } from '@shared/entities/route';
import { DEFAULT_ROUTE_SETTINGS, WAYPOINT_TEMPLATE } from '@shared/wayline/defaults';
import type { ImportWarning, RouteSettings, Waypoint } from '@shared/wayline/model';
import type { FieldError } from '../../api/types';
import { loggedOut, sessionExpired } from '../auth';
import { appendWaypoint, deleteWaypoint, insertWaypoint, type LatLng, moveWaypoint, selectionAfterDelete, splitLeg, updateWaypoint } from './waypointEdits';

export type RouteFileFormat = 'kmz' | 'geojson' | 'kml';

/** The route being edited: a saved one (id) or a new one. */
export interface RouteDraft {
  id: number | null;
  project_id: number | null;
  name: string;
  waypoints: Waypoint[];
  settings: RouteSettings;
  /** What the route is (an imported file's template type, `waypoint` otherwise), its template and original file: read-only. */
  template_type: string;
  template: RouteTemplate | null;
  source: Route['source'];
  /** The waypoints or settings were changed since loading (an imported file is then no longer flown as it is). */
  flightEdited: boolean;
}

export interface RouteEditorState {
  /** The editor dialog is open (on a new route, or loading/showing a saved one). */
  open: boolean;
  loading: boolean;
  draft: RouteDraft | null;
  selected: number | null;
  /** Map clicks append waypoints. */
  adding: boolean;
  /** Bumped whenever the waypoints change other than by dragging on the map, so the map layer redraws them. */
  epoch: number;
  saving: boolean;
  saveError: string | null;
  fieldErrors: FieldError[];
  importing: boolean;
  /** What the last import said (several waylines, skipped actions…), shown until the next import. */
  importWarnings: ImportWarning[];
  /** Route ids with a file export in flight. */
  exportingIds: number[];
}

export const initialRouteEditorState: RouteEditorState = {
  open: false,
  loading: false,
  draft: null,
  selected: null,
  adding: false,
  epoch: 0,
  saving: false,
  saveError: null,
  fieldErrors: [],
  importing: false,
  importWarnings: [],
  exportingIds: [],
};

const draftOf = (route: Route): RouteDraft => ({
  id: route.id,
  project_id: route.project_id,
  name: route.name,
  waypoints: route.waypoints,
  settings: { ...DEFAULT_ROUTE_SETTINGS, ...route.settings },
  template_type: route.template_type,
  template: route.template,
  source: route.source,
  flightEdited: false,
});

/** Applies a waypoint edit to the draft; `redraw`: the map layer must rebuild (the edit did not come from it). */
function edit(state: RouteEditorState, change: (waypoints: Waypoint[]) => Waypoint[], redraw: boolean) {
  if (!state.draft) return;
  state.draft.waypoints = change(state.draft.waypoints);
  state.draft.flightEdited = true;
  state.fieldErrors = [];
  if (redraw) state.epoch += 1;
}

const routeEditorSlice = createSlice({
  name: 'routeEditor',
  initialState: initialRouteEditorState,
  reducers: {
    /** Opens the editor on a saved route (loaded by the saga) or on a new one of `project_id`. */
    editorOpened(state, action: PayloadAction<{ id: number | null; project_id?: number | null }>) {
      const { id, project_id = null } = action.payload;
      Object.assign(state, { ...initialRouteEditorState, importWarnings: state.importWarnings, exportingIds: state.exportingIds, epoch: state.epoch + 1 });
      state.open = true;
      state.loading = id !== null;
      state.adding = id === null;
      state.draft =
        id === null
          ? {
              id: null,
              project_id,
              name: '',
              waypoints: [],
              settings: DEFAULT_ROUTE_SETTINGS,
              template_type: WAYPOINT_TEMPLATE,
              template: null,
              source: null,
              flightEdited: false,
            }
          : null;
    },
    routeLoaded(state, action: PayloadAction<Route>) {
      state.loading = false;
      state.draft = draftOf(action.payload);
      state.epoch += 1;
    },
    routeLoadFailed(state) {
      state.loading = false;
      state.open = false;
    },
    editorClosed(state) {
      Object.assign(state, { ...initialRouteEditorState, importWarnings: state.importWarnings, exportingIds: state.exportingIds, epoch: state.epoch + 1 });
    },
    addingToggled(state) {
      state.adding = !state.adding;
    },
    mapClicked(state, action: PayloadAction<LatLng>) {
      if (!state.adding || !state.draft) return;
      const settings = state.draft.settings;
      edit(state, (w) => appendWaypoint(w, action.payload, settings), true);
      state.selected = state.draft.waypoints.length - 1;
    },
    /** A vertex dragged on the map (the layer already shows it there). */
    vertexMoved(state, action: PayloadAction<{ index: number; at: LatLng }>) {
      edit(state, (w) => moveWaypoint(w, action.payload.index, action.payload.at), false);
    },
    /** A vertex inserted on the map from a leg's middle marker (already shown there). */
    vertexInserted(state, action: PayloadAction<{ index: number; at: LatLng }>) {
      const settings = state.draft?.settings;
      edit(state, (w) => insertWaypoint(w, action.payload.index, action.payload.at, settings), false);
      state.selected = action.payload.index;
    },
    /** A vertex removed on the map (right click), or a waypoint deleted in the panel (`fromPanel`). */
    waypointDeleted(state, action: PayloadAction<{ index: number; fromPanel?: boolean }>) {
      const { index, fromPanel = false } = action.payload;
      edit(state, (w) => deleteWaypoint(w, index), fromPanel);
      state.selected = selectionAfterDelete(state.selected, index, state.draft?.waypoints.length ?? 0);
    },
    legSplit(state, action: PayloadAction<number>) {
      edit(state, (w) => splitLeg(w, action.payload), true);
      state.selected = action.payload + 1;
    },
    waypointChanged(state, action: PayloadAction<{ index: number; patch: Partial<Waypoint> }>) {
      const { index, patch } = action.payload;
      edit(state, (w) => updateWaypoint(w, index, patch), 'lat' in patch || 'lng' in patch);
    },
    waypointSelected(state, action: PayloadAction<number | null>) {
      state.selected = action.payload;
    },
    settingsChanged(state, action: PayloadAction<Partial<RouteSettings>>) {
      if (state.draft) Object.assign(state.draft, { settings: { ...state.draft.settings, ...action.payload }, flightEdited: true });
    },
    draftFieldChanged(state, action: PayloadAction<Partial<Pick<RouteDraft, 'name' | 'project_id'>>>) {
      if (state.draft) Object.assign(state.draft, action.payload);
    },
    /** `convert`: the user confirmed turning a non-waypoint template into a waypoint route (templateRules.ts). */
    saveRequested(state, _action: PayloadAction<{ convert?: boolean } | undefined>) {
      state.saving = true;
      state.saveError = null;
      state.fieldErrors = [];
    },
    saveSucceeded(state, action: PayloadAction<Route>) {
      state.saving = false;
      state.draft = draftOf(action.payload);
      state.adding = false;
    },
    saveFailed(state, action: PayloadAction<{ error: string; fieldErrors: FieldError[] }>) {
      state.saving = false;
      state.saveError = action.payload.error;
      state.fieldErrors = action.payload.fieldErrors;
    },
    /** `file.file` is the one non-serialisable payload the store lets through (store.ts), as for device photos. */
    importRequested(state, _action: PayloadAction<{ project_id: number; file: { field: 'file'; file: File } }>) {
      state.importing = true;
      state.importWarnings = [];
    },
    importFinished(state, action: PayloadAction<{ warnings: ImportWarning[] }>) {
      state.importing = false;
      state.importWarnings = action.payload.warnings;
    },
    importWarningsDismissed(state) {
      state.importWarnings = [];
    },
    exportRequested(state, action: PayloadAction<{ id: number; name: string; format: RouteFileFormat }>) {
      if (!state.exportingIds.includes(action.payload.id)) state.exportingIds.push(action.payload.id);
    },
    exportFinished(state, action: PayloadAction<number>) {
      state.exportingIds = state.exportingIds.filter((id) => id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialRouteEditorState).addCase(sessionExpired, () => initialRouteEditorState);
  },
});

export const {
  editorOpened,
  routeLoaded,
  routeLoadFailed,
  editorClosed,
  addingToggled,
  mapClicked,
  vertexMoved,
  vertexInserted,
  waypointDeleted,
  legSplit,
  waypointChanged,
  waypointSelected,
  settingsChanged,
  draftFieldChanged,
  saveRequested,
  saveSucceeded,
  saveFailed,
  importRequested,
  importFinished,
  importWarningsDismissed,
  exportRequested,
  exportFinished,
} = routeEditorSlice.actions;
export default routeEditorSlice.reducer;
