import L from 'leaflet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GCJ02_CRS } from '../../../src/features/map/baseMapCrs';
import { wgs84ToGcj02 } from '../../../src/features/map/gcj02';
import { parsePlatformConfig } from '../../../src/features/platform/platformConfig';
import { platformConfigLoaded } from '../../../src/features/platform/platformSlice';
import GeoMap from '../../../src/crud/GeoMap';
import { createTestStore, flush } from '../support/testStore';
import { renderWithStore } from '../support/renderWithStore';

const config = parsePlatformConfig({
  mapProviders: [
    { id: 'osm', name: 'OpenStreetMap', url: 'https://tile.example/osm/{z}/{x}/{y}.png', attribution: '© OSM' },
    { id: 'amap', name: '高德', url: 'https://webrd0{s}.amap.example/tile?x={x}&y={y}&z={z}', subdomains: '1234', crs: 'gcj02' },
  ],
});
const tileSources = (container: HTMLElement) => [...container.querySelectorAll('img.leaflet-tile')].map((img) => img.getAttribute('src') ?? '');

beforeEach(() => localStorage.clear());

describe('BaseMap on a small map (GeoMap)', () => {
  it('shows the first provider, offers every base map, and remembers the choice on this device', async () => {
    const { store } = createTestStore();
    store.dispatch(platformConfigLoaded(config));
    const { container } = renderWithStore(<GeoMap label="位置" markers={[{ position: [22.54, 114.06] }]} />, store);
    await waitFor(() => expect(tileSources(container).length).toBeGreaterThan(0));
    expect(tileSources(container).every((src) => src.startsWith('https://tile.example/osm/'))).toBe(true);
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent('© OSM');

    const picker = within(screen.getByRole('region', { name: '位置' })).getByRole('combobox', { name: '底图' });
    expect([...(picker as HTMLSelectElement).options].map((o) => o.text)).toEqual(['OpenStreetMap', '高德', '简易底图（国界与经纬网）']);
    await userEvent.selectOptions(picker, 'provider:amap');
    await waitFor(() => expect(tileSources(container).every((src) => /^https:\/\/webrd0[1-4]\.amap\.example\//.test(src))).toBe(true));
    await flush();
    expect(localStorage.getItem('mapBaseLayer')).toBe('provider:amap');
    expect(store.getState().map.baseLayer).toBe('provider:amap');

    await userEvent.selectOptions(picker, 'outlines');
    await waitFor(() => expect(tileSources(container)).toEqual([]));
  });

  it('choosing does not click the map underneath (an area picker would take a point)', async () => {
    const { store } = createTestStore();
    store.dispatch(platformConfigLoaded(config));
    const clicks: unknown[] = [];
    renderWithStore(<GeoMap label="区域" onMapClick={(p) => clicks.push(p)} />, store);
    await userEvent.click(screen.getByRole('combobox', { name: '底图' }));
    expect(clicks).toEqual([]);
  });

  it('without providers or packages there is nothing to choose: the outlines are drawn, no picker', async () => {
    const { store } = createTestStore();
    const { container } = renderWithStore(<GeoMap label="位置" />, store);
    await waitFor(() => expect(container.querySelector('.leaflet-base-offline-pane')).not.toBeNull());
    expect(screen.queryByRole('combobox', { name: '底图' })).not.toBeInTheDocument();
  });
});

describe('the GCJ-02 projection', () => {
  it('projects a WGS84 position where Web Mercator puts its GCJ-02 twin, and back', () => {
    const wgs = L.latLng(22.543847, 113.912316);
    const point = GCJ02_CRS.latLngToPoint(wgs, 15);
    const expected = L.CRS.EPSG3857.latLngToPoint(L.latLng(wgs84ToGcj02(wgs)), 15);
    expect(point.x).toBeCloseTo(expected.x, 6);
    expect(point.y).toBeCloseTo(expected.y, 6);
    const back = GCJ02_CRS.pointToLatLng(point, 15);
    expect(back.lat).toBeCloseTo(wgs.lat, 8);
    expect(back.lng).toBeCloseTo(wgs.lng, 8);
  });
});
