import { parseMapProviders } from '../../../src/features/platform/mapProviders';

const OSM = { id: 'osm', url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' };

describe('parseMapProviders', () => {
  it.each([
    ['not an array', { id: 'osm' }, []],
    ['a minimal entry gets the defaults', [OSM], [{ ...OSM, name: 'osm', attribution: '', maxZoom: 18, subdomains: 'abc', crs: 'wgs84' }]],
    [
      'an AMap-style provider in GCJ-02 with subdomains',
      [
        {
          id: 'amap',
          name: '高德',
          url: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
          subdomains: '1234',
          maxZoom: 18,
          crs: 'gcj02',
        },
      ],
      [
        {
          id: 'amap',
          name: '高德',
          url: 'https://webrd0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
          attribution: '',
          maxZoom: 18,
          subdomains: '1234',
          crs: 'gcj02',
        },
      ],
    ],
    ['a same-origin template is fine', [{ id: 'local', url: '/tiles/city.mbtiles/{z}/{x}/{y}' }], [expect.objectContaining({ id: 'local' })]],
    ['a template without {x}/{y}/{z} is dropped', [{ id: 'bad', url: 'https://tiles.example/tile.png' }, OSM], [expect.objectContaining({ id: 'osm' })]],
    ['javascript: and other schemes are dropped', [{ id: 'evil', url: 'javascript:alert(1)//{z}/{x}/{y}' }], []],
    [
      'an id with spaces or colons is dropped',
      [
        { ...OSM, id: 'a b' },
        { ...OSM, id: 'a:b' },
      ],
      [],
    ],
    [
      'an unknown crs means WGS84, a silly maxZoom the default',
      [{ ...OSM, crs: 'bd09', maxZoom: 99 }],
      [expect.objectContaining({ crs: 'wgs84', maxZoom: 18 })],
    ],
    ['a repeated id keeps the first', [OSM, { ...OSM, name: 'second' }], [expect.objectContaining({ name: 'osm' })]],
  ])('%s', (_name, raw, expected) => {
    expect(parseMapProviders(raw)).toEqual(expected);
  });
});
