import type { Feature, FeatureCollection, LineString, MultiPolygon, Polygon } from 'geojson';

/** A lat/lng grid as lines every `step` degrees (the offline base map's graticule). */
export function graticule(step = 10): FeatureCollection<LineString> {
  const features: Feature<LineString>[] = [];
  const line = (coordinates: [number, number][], label: string): Feature<LineString> => ({
    type: 'Feature',
    properties: { label },
    geometry: { type: 'LineString', coordinates },
  });
  for (let lng = -180; lng <= 180; lng += step) {
    const coordinates: [number, number][] = [];
    for (let lat = -80; lat <= 80; lat += 2) coordinates.push([lng, lat]);
    features.push(line(coordinates, `${lng}°`));
  }
  for (let lat = -80; lat <= 80; lat += step) {
    const coordinates: [number, number][] = [];
    for (let lng = -180; lng <= 180; lng += 2) coordinates.push([lng, lat]);
    features.push(line(coordinates, `${lat}°`));
  }
  return { type: 'FeatureCollection', features };
}

let countries: Promise<FeatureCollection<Polygon | MultiPolygon>> | null = null;

/** Country outlines from world-atlas (TopoJSON, 1:50m) as GeoJSON; loaded once, in a chunk of its own. */
export function loadCountries(): Promise<FeatureCollection<Polygon | MultiPolygon>> {
  countries ??= Promise.all([
    import(/* webpackChunkName: "map-countries" */ 'world-atlas/countries-50m.json'),
    import(/* webpackChunkName: "map-countries" */ 'topojson-client'),
  ]).then(([atlasModule, topojson]) => {
    const atlas = ((atlasModule as { default?: unknown }).default ?? atlasModule) as Parameters<typeof topojson.feature>[0];
    const collection = topojson.feature(atlas, (atlas as unknown as { objects: { countries: Parameters<typeof topojson.feature>[1] } }).objects.countries);
    return collection as unknown as FeatureCollection<Polygon | MultiPolygon>;
  });
  countries.catch(() => (countries = null));
  return countries;
}
