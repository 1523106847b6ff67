// The map feature's public face: other features import these from here, never its files.
export { default as MapCanvas } from './MapCanvas';
export { AreaOverlays, LayerSwitcher } from './MapLayers';
export { overlaysRequested } from './mapSlice';
export { selectLayers, selectOverlays } from './selectors';
export { vectorRenderer } from './renderer';
export { type AreaOverlay } from './types';
export { default as BaseMap } from './BaseMap';
export { default as FitPoints } from './FitPoints';
export { default as L } from './leafletGlobal';
export { default as PolygonEditLayer, type Ring } from './PolygonEditLayer';
export { default as ClusterMap } from './ClusterMap';
export { useRestrictingZones, type RestrictingZone } from './restrictingZones';
