import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import { measure } from './measure';
import type { MapFeature } from './types';

export const selectMap = (state: RootState) => state.map;
export const selectFeatures = (state: RootState) => state.map.features;
export const selectOverlays = (state: RootState) => state.map.overlays;
export const selectMapView = (state: RootState) => state.map.view;
export const selectFlyTo = (state: RootState) => state.map.flyTo;
export const selectSelectedFeatureId = (state: RootState) => state.map.selectedId;
export const selectLayers = (state: RootState) => state.map.layers;
export const selectBaseLayer = (state: RootState) => state.map.baseLayer;
export const selectEditor = (state: RootState) => state.map.editor;
export const selectImport = (state: RootState) => state.map.import;
/** Features of one kind (an editor page), in the server's order. */
/** Case-insensitive match on name, category or the category's label. */
export function matchesSearch(feature: Pick<MapFeature, 'name' | 'category'>, text: string, categoryLabel = feature.category): boolean {
  const needle = text.trim().toLowerCase();
  return !needle || [feature.name, feature.category, categoryLabel].some((value) => value.toLowerCase().includes(needle));
}

/** The draft's length/area, measured live while vertices move. */
export const selectDraftMeasurement = createSelector([selectEditor], (editor) => measure(editor.draft));
