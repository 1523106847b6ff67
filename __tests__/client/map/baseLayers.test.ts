import type { TilePackage } from '@shared/tiles';
import { baseLayerOptions, OUTLINES_ID, resolveBaseLayer } from '../../../src/features/map/baseLayers';
import type { MapProvider } from '../../../src/features/platform/mapProviders';

const amap: MapProvider = {
  id: 'amap',
  name: '高德',
  url: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}',
  attribution: '© AutoNavi',
  maxZoom: 18,
  subdomains: '1234',
  crs: 'gcj02',
};
const pkg = (over: Partial<TilePackage>): TilePackage => ({
  name: 'city.pmtiles',
  format: 'pmtiles',
  tileType: 'png',
  url: '/tiles/city.pmtiles',
  minZoom: 0,
  maxZoom: 14,
  bounds: null,
  attribution: '© City',
  bytes: 1,
  ...over,
});

describe('baseLayerOptions', () => {
  it.each([
    ['nothing configured: the outlines alone', [], [], [[OUTLINES_ID, 'outlines', 'wgs84']]],
    [
      'a GCJ-02 provider keeps its coordinate system',
      [amap],
      [],
      [
        ['provider:amap', 'xyz', 'gcj02'],
        [OUTLINES_ID, 'outlines', 'wgs84'],
      ],
    ],
    [
      'packages: raster PMTiles, MBTiles as XYZ, vector tiles of either format',
      [],
      [pkg({}), pkg({ name: 'city.mbtiles', format: 'mbtiles', url: '/tiles/city.mbtiles/{z}/{x}/{y}' }), pkg({ name: 'osm.pmtiles', tileType: 'mvt' })],
      [
        ['package:city.pmtiles', 'pmtiles-raster', 'wgs84'],
        ['package:city.mbtiles', 'xyz', 'wgs84'],
        ['package:osm.pmtiles', 'vector', 'wgs84'],
        [OUTLINES_ID, 'outlines', 'wgs84'],
      ],
    ],
  ])('%s', (_name, providers, packages, expected) => {
    expect(baseLayerOptions(providers, packages).map((o) => [o.id, o.source.kind, o.crs])).toEqual(expected);
  });

  it('carries the attribution and the deepest zoom with tiles', () => {
    const [provider, archive] = baseLayerOptions([amap], [pkg({})]);
    expect(provider).toMatchObject({ attribution: '© AutoNavi', maxNativeZoom: 18, source: { subdomains: '1234' } });
    expect(archive).toMatchObject({ attribution: '© City', maxNativeZoom: 14, source: { url: '/tiles/city.pmtiles' } });
  });
});

describe('resolveBaseLayer', () => {
  const options = baseLayerOptions([amap], [pkg({})]);
  it.each([
    ['nothing chosen: the first on offer', null, 'provider:amap'],
    ['the remembered choice', 'package:city.pmtiles', 'package:city.pmtiles'],
    ['the outlines', OUTLINES_ID, OUTLINES_ID],
    ['a package that is gone: the first on offer', 'package:removed.pmtiles', 'provider:amap'],
  ])('%s', (_name, choice, expected) => {
    expect(resolveBaseLayer(choice, options).id).toBe(expected);
  });
});
