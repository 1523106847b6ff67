/** Defects marked on photos (docs/media.md "Defects"): the public face the media library uses. */
export { default as DefectOverlay, useFinishPolygon } from './DefectOverlay';
export { default as DefectForm } from './DefectForm';
export { default as DefectTable } from './DefectTable';
export { default as TaskDefects } from './TaskDefects';
export { defectLink, reviewShortcut } from './defectRules';
export { draftCancelled, draftChanged, defectSaveRequested, drawingToggled, selectDefects, vertexRemoved } from './defectsSlice';
