import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJSON, Pane, TileLayer, useMap } from 'react-leaflet';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { graticule, loadCountries } from './baseMap';
import { baseLayerOptions, resolveBaseLayer, type BaseLayerOption } from './baseLayers';
import { crsFor } from './baseMapCrs';
import { baseLayerChanged } from './mapSlice';
import { hasCanvas, vectorRenderer } from './renderer';
import { selectBaseLayer } from './selectors';
import { useTilePackages } from './tilePackages';
import type { MapProvider } from '../platform';
// protomaps-leaflet extends the global `L`.
import './leafletGlobal';

const GRATICULE = graticule(5);
const OUTLINES_PANE = 'base-offline';
/** The map's own zoom limit; tiles beyond a source's deepest zoom are stretched. */
export const MAP_MAX_ZOOM = 19;
const NO_PROVIDERS: MapProvider[] = [];

/** The built-in base map: country outlines (world-atlas) on a canvas, and a 5° grid. Works without any tiles. */
function OutlinesBaseMap() {
  const [countries, setCountries] = useState<FeatureCollection<Polygon | MultiPolygon> | null>(null);
  // Its own renderer in its own pane: the outlines are redrawn only when the view changes, never with live layers.
  const renderer = useMemo(() => vectorRenderer({ padding: 0.5, pane: OUTLINES_PANE }), []);
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
    <Pane name={OUTLINES_PANE} style={{ zIndex: 150 }}>
      {countries && (
        <GeoJSON
          data={countries}
          interactive={false}
          pane={OUTLINES_PANE}
          {...({ renderer } as object)}
          style={{ color: '#7c8b99', weight: 1, fillColor: '#f4f1e8', fillOpacity: 1 }}
        />
      )}
      <GeoJSON
        data={GRATICULE}
        interactive={false}
        pane={OUTLINES_PANE}
        {...({ renderer } as object)}
        style={{ color: '#9fb3c4', weight: 0.6, dashArray: '2 4' }}
      />
    </Pane>
  );
}

/** A Leaflet layer built by code that loads on demand (PMTiles, protomaps-leaflet): added when ready, removed on change. */
function LazyLayer({ create }: { create: () => Promise<L.Layer> }) {
  const map = useMap();
  useEffect(() => {
    let live = true;
    let layer: L.Layer | null = null;
    create()
      .then((created) => {
        if (!live) return;
        layer = created;
        created.addTo(map);
      })
      .catch((error: unknown) => console.error('The base map could not be loaded:', error));
    return () => {
      live = false;
      layer?.remove();
    };
  }, [map, create]);
  return null;
}

/** Switches the map's projection when the base map's coordinate system changes (GCJ-02 tiles, WGS84 data). */
function CrsSync({ crs }: { crs: BaseLayerOption['crs'] }) {
  const map = useMap();
  useEffect(() => {
    const next = crsFor(crs);
    if (map.options.crs === next) return;
    const center = map.getCenter();
    map.options.crs = next;
    // A full reset: every layer re-projects its positions with the new CRS.
    map.setView(center, map.getZoom(), { reset: true } as L.ZoomPanOptions);
  }, [crs, map]);
  return null;
}

function ActiveLayer({ option }: { option: BaseLayerOption }) {
  const { i18n } = useTranslation();
  const { source, attribution, maxNativeZoom } = option;
  const url = source.kind === 'outlines' ? '' : source.url;
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const create = useMemo(() => {
    if (source.kind === 'pmtiles-raster')
      return async (): Promise<L.Layer> => {
        const { PMTiles, leafletRasterLayer } = await import(/* webpackChunkName: "map-pmtiles" */ 'pmtiles');
        return leafletRasterLayer(new PMTiles(url), { attribution, maxNativeZoom, maxZoom: MAP_MAX_ZOOM }) as L.Layer;
      };
    if (source.kind === 'vector')
      return async (): Promise<L.Layer> => {
        const { leafletLayer } = await import(/* webpackChunkName: "map-vector" */ 'protomaps-leaflet');
        return leafletLayer({ url, attribution, maxDataZoom: maxNativeZoom, maxZoom: MAP_MAX_ZOOM, flavor: 'light', lang }) as unknown as L.Layer;
      };
    return null;
  }, [source.kind, url, attribution, maxNativeZoom, lang]);
  if (source.kind === 'outlines') return <OutlinesBaseMap />;
  if (source.kind === 'xyz')
    return <TileLayer url={url} attribution={attribution} maxNativeZoom={maxNativeZoom} maxZoom={MAP_MAX_ZOOM} subdomains={source.subdomains || 'abc'} />;
  return create && <LazyLayer create={create} />;
}

/** The base maps on offer (config.json providers, the server's packages, the outlines), the active one and its label. */
export function useBaseLayers() {
  const { t } = useTranslation();
  const providers = useAppSelector((s) => s.platform.config.mapProviders ?? NO_PROVIDERS);
  const packages = useTilePackages();
  const choice = useAppSelector(selectBaseLayer);
  const options = useMemo(() => baseLayerOptions(providers, packages), [providers, packages]);
  const label = (option: BaseLayerOption) =>
    ({ builtin: t('map.baseOutlines'), provider: option.name, package: t('map.basePackage', { name: option.name }) })[option.origin];
  return { options, active: resolveBaseLayer(choice, options), label };
}

/** A compact base-map picker for small maps (the large ones have it in their layer panel). */
function BaseLayerPicker() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { options, active, label } = useBaseLayers();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Choosing must not click, drag or zoom the map underneath (an area picker would take a point).
    if (!ref.current) return;
    L.DomEvent.disableClickPropagation(ref.current);
    L.DomEvent.disableScrollPropagation(ref.current);
  }, []);
  if (options.length < 2) return null;
  return (
    <div ref={ref} className="leaflet-top leaflet-right" style={{ pointerEvents: 'auto' }}>
      <div className="leaflet-control leaflet-bar" style={{ background: '#fff', padding: 2 }}>
        <select
          aria-label={t('map.baseMap')}
          value={active.id}
          onChange={(e) => dispatch(baseLayerChanged(e.target.value))}
          style={{ font: 'inherit', border: 0 }}
        >
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {label(o)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** Every map's base layer: the user's remembered choice, in its coordinate system; `picker` adds the chooser (small maps). */
export default function BaseMap({ picker = false }: { picker?: boolean }) {
  const { active } = useBaseLayers();
  return (
    <>
      <CrsSync crs={active.crs} />
      <ActiveLayer key={active.id} option={active} />
      {picker && <BaseLayerPicker />}
    </>
  );
}
