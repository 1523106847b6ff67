import L from './leafletGlobal';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { draftChanged, editCancelled, shapeDrawn } from './mapSlice';
import { selectEditor } from './selectors';
import type { DraftGeometry, FeatureGeometry, FeatureKind } from './types';

const DRAW_SHAPE: Record<FeatureKind, 'CircleMarker' | 'Line' | 'Polygon'> = { point: 'CircleMarker', polyline: 'Line', polygon: 'Polygon' };
export const EDIT_STYLE = { color: '#ff6f00', weight: 3, fillColor: '#ffa726', fillOpacity: 0.25 };

/** Geoman draws and edits in the edit style, snapping to the other shapes (every map editor uses it). */
export function useEditStyle(map: L.Map): void {
  useEffect(() => {
    map.pm.setGlobalOptions({
      pathOptions: EDIT_STYLE,
      templineStyle: { color: '#ff6f00' },
      hintlineStyle: { color: '#ff6f00', dashArray: [5, 5] },
      snappable: true,
    });
  }, [map]);
}

/** The geometry of a Leaflet vector layer (coordinates rounded to 7 decimals, ~1 cm; a circle's radius to 1 cm). */
function geometryOf(layer: L.Layer): DraftGeometry {
  if (layer instanceof L.Circle) {
    const { coordinates } = layer.toGeoJSON(7).geometry as GeoJSON.Point;
    return { type: 'Circle', coordinates, radius: Math.round(layer.getRadius() * 100) / 100 };
  }
  return (layer as L.Polyline | L.CircleMarker).toGeoJSON(7).geometry as FeatureGeometry;
}

/** The one Leaflet layer of a draft geometry (a point becomes a circle marker, no image icons; a circle a circle). */
function layerOf(geometry: DraftGeometry): L.Layer {
  if (geometry.type === 'Circle') return L.circle([geometry.coordinates[1], geometry.coordinates[0]], { radius: geometry.radius, ...EDIT_STYLE });
  let result: L.Layer | null = null;
  L.geoJSON(geometry, {
    pointToLayer: (_f, latlng) => L.circleMarker(latlng, { radius: 9, ...EDIT_STYLE, fillOpacity: 0.8 }),
    style: () => EDIT_STYLE,
  }).eachLayer((l) => (result = l));
  return result!;
}

/**
 * Drawing and vertex editing with leaflet-geoman, driven by the store: "drawing" turns on geoman's draw mode for
 * the page's kind; a drawn shape or a selected feature becomes the draft, shown as an editable layer whose changes
 * go back to the store as GeoJSON. The Leaflet layers live here only.
 */
export default function EditLayer({ kind }: { kind: FeatureKind }) {
  const map = useMap();
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectEditor);

  useEditStyle(map);

  // Draw mode.
  useEffect(() => {
    if (editor.mode !== 'drawing') return;
    let created = false;
    const onCreate = (e: { layer: L.Layer }) => {
      created = true;
      const geometry = geometryOf(e.layer);
      e.layer.remove();
      dispatch(shapeDrawn(geometry));
    };
    const onDrawEnd = () => {
      // Esc or the toolbar's cancel: nothing was drawn.
      if (!created && selectEditor(store.getState()).mode === 'drawing') dispatch(editCancelled());
    };
    map.on('pm:create', onCreate as L.LeafletEventHandlerFn);
    map.on('pm:drawend', onDrawEnd);
    const circle = selectEditor(store.getState()).drawingCircle;
    // A circle is drawn by its centre and a second click at its edge, a point by one click, lines and polygons end on a double click.
    const finishOn = kind === 'point' || circle ? undefined : 'dblclick';
    map.pm.enableDraw(circle ? 'Circle' : DRAW_SHAPE[kind], { continueDrawing: false, finishOn } as L.PM.DrawModeOptions);
    return () => {
      map.off('pm:create', onCreate as L.LeafletEventHandlerFn);
      map.off('pm:drawend', onDrawEnd);
      map.pm.disableDraw();
    };
  }, [editor.mode, editor.epoch, kind, map, dispatch, store]);

  // The editable draft, rebuilt only when the store replaces it (epoch), not on every vertex move.
  useEffect(() => {
    const draft = selectEditor(store.getState()).draft;
    if (editor.mode !== 'editing' || !draft) return;
    const layer = layerOf(draft);
    layer.addTo(map);
    const report = () => dispatch(draftChanged(geometryOf(layer)));
    layer.on('pm:edit pm:dragend pm:vertexremoved', report);
    const pm = (layer as L.Polygon).pm;
    pm.enable({ allowSelfIntersection: false, draggable: true } as L.PM.EditModeOptions);
    (map.getContainer() as HTMLElement & { editLayer?: L.Layer }).editLayer = layer;
    return () => {
      layer.off('pm:edit pm:dragend pm:vertexremoved', report);
      pm.disable();
      layer.remove();
    };
  }, [editor.mode, editor.epoch, kind, map, dispatch, store]);

  return null;
}
