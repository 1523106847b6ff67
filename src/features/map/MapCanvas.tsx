import 'leaflet/dist/leaflet.css';
import type L from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { GeoJSON, MapContainer, Pane, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { graticule, loadCountries } from './baseMap';
import { hasCanvas, vectorRenderer } from './renderer';
import { viewChanged } from './mapSlice';
import { selectBaseLayer, selectFlyTo, selectMapView } from './selectors';

const GRATICULE = graticule(5);
const BASE_PANE = 'base-offline';
const offlineBackground = { backgroundColor: '#dbe7f0' };

/** The offline base map: country outlines (world-atlas) on a canvas, and a 5° grid. Works without internet. */
function OfflineBaseMap() {
  const [countries, setCountries] = useState<FeatureCollection<Polygon | MultiPolygon> | null>(null);
  // Its own renderer in its own pane: the outlines are redrawn only when the view changes, never with live layers.
  const renderer = useMemo(() => vectorRenderer({ padding: 0.5, pane: BASE_PANE }), []);
  useEffect(() => {
    // ~240 detailed outlines need a canvas; without one (jsdom) the grid alone is drawn.
    if (!hasCanvas()) return;
    let live = true;
    loadCountries()
      .then((c) => live && setCountries(c))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <Pane name={BASE_PANE} style={{ zIndex: 150 }}>
      {countries && (
        <GeoJSON
          data={countries}
          interactive={false}
          pane={BASE_PANE}
          {...({ renderer } as object)}
          style={{ color: '#7c8b99', weight: 1, fillColor: '#f4f1e8', fillOpacity: 1 }}
        />
      )}
      <GeoJSON
        data={GRATICULE}
        interactive={false}
        pane={BASE_PANE}
        {...({ renderer } as object)}
        style={{ color: '#9fb3c4', weight: 0.6, dashArray: '2 4' }}
      />
    </Pane>
  );
}

/** The online tile layer named in config.json (mapTileUrl), when the user picked it. */
function BaseLayer() {
  const chosen = useAppSelector(selectBaseLayer);
  const url = useAppSelector((s) => s.platform.config.mapTileUrl ?? '');
  const attribution = useAppSelector((s) => s.platform.config.mapTileAttribution);
  const online = Boolean(url) && chosen !== 'offline';
  return online ? <TileLayer url={url} attribution={attribution} maxZoom={19} /> : <OfflineBaseMap />;
}

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
        maxZoom={19}
        worldCopyJump
        style={{ height: '100%', minHeight: 420, ...offlineBackground }}
      >
        <BaseLayer />
        <ViewSync />
        <ExposeForTests />
        {children}
      </MapContainer>
    </div>
  );
}
