import reducer, {
  draftChanged,
  drawStarted,
  editCancelled,
  editorOpened,
  featureSelected,
  featuresLoaded,
  flyToRequested,
  importFailed,
  importRejected,
  importRequested,
  importSucceeded,
  initialMapState,
  layerToggled,
  searchChanged,
  shapeDrawn,
  type MapState,
} from '../../../src/features/map/mapSlice';
import { rowSettled, saveSucceeded } from '../../../src/crud/resourcesSlice';
import { loggedOut } from '../../../src/features/auth/authSlice';
import type { MapFeature } from '../../../src/features/map/types';
import type { UnknownAction } from '@reduxjs/toolkit';

const point: MapFeature = { id: 1, project_id: null, name: 'P', category: 'c', geometry: { type: 'Point', coordinates: [114, 22] }, style: {}, properties: {} };
const line: MapFeature = {
  id: 2,
  project_id: null,
  name: 'L',
  category: 'c',
  geometry: {
    type: 'LineString',
    coordinates: [
      [114, 22],
      [114.1, 22],
    ],
  },
  style: {},
  properties: {},
};
const loaded = reducer(reducer(initialMapState, editorOpened('polyline')), featuresLoaded([point, line]));
const moved = {
  type: 'LineString' as const,
  coordinates: [
    [114, 22],
    [114.2, 22.1],
  ],
};
const bad = { key: 'map.import.empty' };

const run = (state: MapState, ...actions: UnknownAction[]) => actions.reduce(reducer, state);

describe('map reducer', () => {
  it.each<[string, MapState, UnknownAction[], (s: MapState) => unknown, unknown]>([
    [
      'selecting on an editor page makes the geometry the draft',
      loaded,
      [featureSelected({ id: 2, edit: true })],
      (s) => [s.selectedId, s.editor.mode, s.editor.featureId, s.editor.draft],
      [2, 'editing', 2, line.geometry],
    ],
    ['selecting on the overview does not edit', loaded, [featureSelected({ id: 2 })], (s) => [s.selectedId, s.editor.mode], [2, 'idle']],
    [
      'vertex moves change the draft, not the epoch',
      loaded,
      [featureSelected({ id: 2, edit: true }), draftChanged(moved)],
      (s) => [s.editor.draft, s.editor.epoch],
      [moved, loaded.editor.epoch + 1],
    ],
    ['a draft change outside editing is ignored', loaded, [draftChanged(moved)], (s) => s.editor.draft, null],
    [
      'drawing clears the selection',
      loaded,
      [featureSelected({ id: 2, edit: true }), drawStarted()],
      (s) => [s.selectedId, s.editor.mode, s.editor.draft],
      [null, 'drawing', null],
    ],
    [
      'a drawn shape is the draft of a new feature',
      loaded,
      [drawStarted(), shapeDrawn(moved)],
      (s) => [s.editor.mode, s.editor.featureId, s.editor.draft],
      ['editing', null, moved],
    ],
    [
      'cancel drops the draft',
      loaded,
      [featureSelected({ id: 2, edit: true }), editCancelled()],
      (s) => [s.editor.mode, s.editor.draft, s.selectedId, s.editor.kind],
      ['idle', null, null, 'polyline'],
    ],
    [
      'a saved feature closes the editor',
      loaded,
      [drawStarted(), shapeDrawn(moved), saveSucceeded({ resource: 'feature', requestId: 'r1' })],
      (s) => s.editor.mode,
      'idle',
    ],
    [
      "another resource's save leaves it open",
      loaded,
      [drawStarted(), shapeDrawn(moved), saveSucceeded({ resource: 'device', requestId: 'r1' })],
      (s) => s.editor.mode,
      'editing',
    ],
    [
      'deleting the selected feature removes and deselects it',
      loaded,
      [featureSelected({ id: 2, edit: true }), rowSettled({ resource: 'feature', id: 2, ok: true })],
      (s) => [s.selectedId, s.editor.mode, s.features.map((f) => f.id)],
      [null, 'idle', [1]],
    ],
    [
      'a failed delete keeps it',
      loaded,
      [featureSelected({ id: 2, edit: true }), rowSettled({ resource: 'feature', id: 2, ok: false })],
      (s) => [s.selectedId, s.features.length],
      [2, 2],
    ],
    ['a reload without the selected feature deselects', loaded, [featureSelected({ id: 2 }), featuresLoaded([point])], (s) => s.selectedId, null],
    [
      'layers toggle',
      loaded,
      [layerToggled({ layer: 'points' }), layerToggled({ layer: 'airspace', visible: false })],
      (s) => [s.layers.points, s.layers.airspace, s.layers.lines],
      [false, false, true],
    ],
    ['search is per page', loaded, [searchChanged({ page: 'point', text: 'x' })], (s) => [s.search.point, s.search.index], ['x', '']],
    ['fly requests count up', loaded, [flyToRequested({ center: [1, 2] }), flyToRequested({ center: [1, 2] })], (s) => s.flyTo, { center: [1, 2], seq: 2 }],
    [
      'a rejected file reports its errors',
      loaded,
      [importRejected({ fileName: 'a.geojson', errors: [bad] })],
      (s) => s.import,
      { status: 'failed', fileName: 'a.geojson', errors: [bad], count: 0 },
    ],
    [
      'an import saves then succeeds',
      loaded,
      [importRequested({ fileName: 'a', features: [] }), importSucceeded({ count: 3 })],
      (s) => [s.import.status, s.import.count],
      ['done', 3],
    ],
    [
      'an import refused by the server',
      loaded,
      [importRequested({ fileName: 'a', features: [] }), importFailed({ errors: [bad] })],
      (s) => [s.import.status, s.import.errors],
      ['failed', [bad]],
    ],
    [
      'opening another editor page resets editing and import',
      loaded,
      [drawStarted(), importRejected({ fileName: 'a', errors: [bad] }), editorOpened('point')],
      (s) => [s.editor.mode, s.editor.kind, s.import.status],
      ['idle', 'point', 'idle'],
    ],
    ['logging out forgets everything', loaded, [loggedOut({ serverConfirmed: true })], (s) => s, initialMapState],
  ])('%s', (_name, state, actions, pick, expected) => {
    expect(pick(run(state, ...actions))).toEqual(expected);
  });
});
