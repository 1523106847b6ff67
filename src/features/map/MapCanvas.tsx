import type L from 'leaflet';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MapContainer, useMap, useMapEvents } from 'react-leaflet';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import BaseMap, { MAP_MAX_ZOOM } from './BaseMap';
import { viewChanged } from './mapSlice';
import { selectFlyTo, selectMapView } from './selectors';

const offlineBackground = { backgroundColor: '#dbe7f0' };

/** Keeps the store's view in step with the map, and flies wherever the store asks. */
function ViewSync() {
  const dispatch = useAppDispatch();
  const flyTo = useAppSelector(selectFlyTo);
  const handled = useRef(flyTo?.seq ?? 0);
  const map = useMapEvents({
    moveend: () => {
      const c = map.getCenter();
      dispatch(viewChanged({ center: [Math.round(c.lat * 1e6) / 1e6, Math.round(c.lng * 1e6) / 1e6], zoom: map.getZoom() }));
    },
  });
  useEffect(() => {
    if (!flyTo || flyTo.seq === handled.current) return;
    handled.current = flyTo.seq;
    const animate = !navigator.webdriver;
    if (flyTo.bounds) {
      const [[s, w], [n, e]] = flyTo.bounds;
      if (s === n && w === e) map.flyTo([s, w], Math.max(map.getZoom(), flyTo.zoom ?? 15), { animate });
      else map.flyToBounds(flyTo.bounds, { padding: [40, 40], maxZoom: flyTo.zoom ?? 17, animate });
    } else if (flyTo.center) map.flyTo(flyTo.center, flyTo.zoom ?? map.getZoom(), { animate });
  }, [flyTo, map]);
  return null;
}

/** Exposes the Leaflet map on the container element for browser tests and benchmarks (never in the store). */
function ExposeForTests() {
  const map = useMap();
  useEffect(() => {
    (map.getContainer() as HTMLElement & { leafletMap?: L.Map }).leafletMap = map;
  }, [map]);
  return null;
}

/** A Leaflet map on the store's view with the base layer; feature layers come as children. */
export default function MapCanvas({ label, children }: { label: string; children?: ReactNode }) {
  const view = useAppSelector(selectMapView);
  // The initial view only: afterwards the map owns its position and reports it (ViewSync).
  const [initial] = useState(view);
  return (
    <div role="region" aria-label={label} style={{ height: '100%', minHeight: 420, flex: 1, position: 'relative' }}>
      <MapContainer
        center={initial.center}
        zoom={initial.zoom}
        minZoom={2}
        maxZoom={MAP_MAX_ZOOM}
        worldCopyJump
        style={{ height: '100%', minHeight: 420, ...offlineBackground }}
      >
        <BaseMap />
        <ViewSync />
        <ExposeForTests />
        {children}
      </MapContainer>
    </div>
  );
}
