import L from './leafletGlobal';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { EDIT_STYLE, useEditStyle } from './EditLayer';

/** Corners of a polygon's outer ring as [lng, lat], without the closing position. */
export type Ring = [number, number][];

const ringOf = (layer: L.Polygon): Ring => ((layer.getLatLngs()[0] as L.LatLng[]) ?? []).map((p) => [Number(p.lng.toFixed(7)), Number(p.lat.toFixed(7))]);

/**
 * The GIS pages' geoman editor for one polygon held by a form, not by the map store: with no corners it is in draw
 * mode (click the corners, click the first one to close); with corners their polygon is editable (drag vertices,
 * add one on an edge, drag the whole, right-click to remove one; self-intersection refused). Each change goes out
 * through `onChange`; a ring coming back unchanged is not rebuilt, so a drag is not interrupted.
 */
export default function PolygonEditLayer({ ring, onChange }: { ring: Ring; onChange: (ring: Ring) => void }) {
  const map = useMap();
  const emit = useEffectEvent(onChange);
  const sent = useRef<string>('');
  const key = JSON.stringify(ring);

  useEditStyle(map);

  useEffect(() => {
    if (ring.length > 0) return;
    const onCreate = (e: { layer: L.Layer }) => {
      const drawn = ringOf(e.layer as L.Polygon);
      e.layer.remove();
      emit(drawn);
    };
    map.on('pm:create', onCreate as L.LeafletEventHandlerFn);
    map.pm.enableDraw('Polygon', { continueDrawing: false } as L.PM.DrawModeOptions);
    return () => {
      map.off('pm:create', onCreate as L.LeafletEventHandlerFn);
      map.pm.disableDraw();
    };
  }, [map, ring.length === 0]); // eslint-disable-line react-hooks/exhaustive-deps -- draw mode only toggles between "no area" and "an area"

  const editable = useRef<L.Polygon | null>(null);
  const drop = () => {
    const layer = editable.current;
    if (!layer) return;
    layer.off('pm:edit pm:dragend pm:vertexremoved');
    layer.pm.disable();
    layer.remove();
    editable.current = null;
  };
  useEffect(() => {
    // The ring this layer just reported comes back through the form: the layer already shows it.
    if (key === sent.current && editable.current) return;
    drop();
    if (ring.length < 3) return;
    const layer = L.polygon(
      ring.map(([lng, lat]) => [lat, lng] as [number, number]),
      EDIT_STYLE,
    ).addTo(map);
    layer.on('pm:edit pm:dragend pm:vertexremoved', () => {
      const next = ringOf(layer);
      sent.current = JSON.stringify(next);
      emit(next);
    });
    layer.pm.enable({ allowSelfIntersection: false, draggable: true } as L.PM.EditModeOptions);
    editable.current = layer;
  }, [map, key]); // eslint-disable-line react-hooks/exhaustive-deps -- `key` is the ring's value
  useEffect(() => drop, []); // removes the layer on unmount only
  return null;
}
