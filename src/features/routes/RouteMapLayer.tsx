// The map feature's Leaflet is the global one leaflet-geoman extends, so it is imported before geoman.
import { L } from '../map';
import type { LatLngTuple } from 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { mapClicked, vertexInserted, vertexMoved, waypointDeleted, waypointSelected } from './routeEditorSlice';
import { selectRouteEditor } from './selectors';

const LINE_STYLE = { color: '#ff6f00', weight: 3 };
const LABEL_SIZE = 22;

type VertexEvent = { indexPath?: number[]; latlng?: L.LatLng };
const indexOf = (e: VertexEvent) => e.indexPath?.[e.indexPath.length - 1] ?? -1;

/** Numbered, non-interactive labels on the waypoints; the selected one stands out. */
function labelIcon(index: number, selected: boolean): L.DivIcon {
  const background = selected ? '#d84315' : '#1565c0';
  return L.divIcon({
    className: 'route-waypoint-label',
    html: `<span style="display:block;width:${LABEL_SIZE}px;height:${LABEL_SIZE}px;line-height:${LABEL_SIZE}px;border-radius:50%;background:${background};color:#fff;font:12px sans-serif;text-align:center;transform:translate(10px,-26px)">${index + 1}</span>`,
    iconSize: [0, 0],
  });
}

/**
 * The route being edited, on the map. The line is a leaflet-geoman editable polyline: dragging a vertex moves a
 * waypoint, dragging a leg's middle handle inserts one, right-clicking a vertex deletes it; each change goes to the
 * store. While "adding", map clicks append waypoints. The line is rebuilt only when the store replaces the
 * waypoints (epoch), never on the layer's own edits.
 */
export default function RouteMapLayer({ editable }: { editable: boolean }) {
  const map = useMap();
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const { epoch, adding, draft, selected, open } = useAppSelector(selectRouteEditor);
  const fitted = useRef<number | null | undefined>(undefined);

  // Map clicks append waypoints while adding.
  useEffect(() => {
    if (!adding || !editable) return;
    const onClick = (e: L.LeafletMouseEvent) => dispatch(mapClicked({ lat: e.latlng.lat, lng: e.latlng.lng }));
    map.on('click', onClick);
    map.getContainer().style.cursor = 'crosshair';
    return () => {
      map.off('click', onClick);
      map.getContainer().style.cursor = '';
    };
  }, [adding, editable, map, dispatch]);

  // The editable line, rebuilt when the store replaces the waypoints.
  useEffect(() => {
    const waypoints = selectRouteEditor(store.getState()).draft?.waypoints ?? [];
    if (waypoints.length === 0) return;
    const line = L.polyline(
      waypoints.map((w) => [w.lat, w.lng] as LatLngTuple),
      LINE_STYLE,
    ).addTo(map);
    const latlngAt = (index: number) => (line.getLatLngs() as L.LatLng[])[index];
    const onMoved = (e: VertexEvent) => {
      const at = latlngAt(indexOf(e));
      if (at) dispatch(vertexMoved({ index: indexOf(e), at: { lat: at.lat, lng: at.lng } }));
    };
    const onAdded = (e: VertexEvent) => e.latlng && dispatch(vertexInserted({ index: indexOf(e), at: { lat: e.latlng.lat, lng: e.latlng.lng } }));
    const onRemoved = (e: VertexEvent) => dispatch(waypointDeleted({ index: indexOf(e) }));
    const onClicked = (e: VertexEvent) => dispatch(waypointSelected(indexOf(e)));
    if (editable) {
      line.on('pm:markerdragend', onMoved as L.LeafletEventHandlerFn);
      line.on('pm:vertexadded', onAdded as L.LeafletEventHandlerFn);
      line.on('pm:vertexremoved', onRemoved as L.LeafletEventHandlerFn);
      line.on('pm:vertexclick', onClicked as L.LeafletEventHandlerFn);
      line.pm.enable({ draggable: false, snappable: false, removeVertexOn: 'contextmenu' } as L.PM.EditModeOptions);
    }
    return () => {
      line.off();
      if (editable) line.pm.disable();
      line.remove();
    };
  }, [epoch, editable, map, dispatch, store]);

  // Waypoint numbers follow every change, the map's own edits included.
  const positions = draft?.waypoints;
  useEffect(() => {
    if (!positions?.length) return;
    const labels = L.layerGroup(
      positions.map((w, i) => L.marker([w.lat, w.lng], { icon: labelIcon(i, i === selected), interactive: false, keyboard: false })),
    ).addTo(map);
    return () => void labels.remove();
  }, [positions, selected, map]);

  // Each route opened is brought into view once.
  useEffect(() => {
    if (!open || !draft || fitted.current === draft.id || draft.waypoints.length === 0) return;
    fitted.current = draft.id;
    map.fitBounds(L.latLngBounds(draft.waypoints.map((w) => [w.lat, w.lng] as LatLngTuple)), { padding: [40, 40], maxZoom: 17, animate: false });
  }, [open, draft, map]);

  return null;
}
