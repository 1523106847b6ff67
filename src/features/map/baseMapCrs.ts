import L from 'leaflet';
import { gcj02ToWgs84, wgs84ToGcj02 } from './gcj02';

/**
 * Web Mercator for GCJ-02 tiles: positions (always WGS84 in our data) are shifted to GCJ-02 before projecting, and
 * back when unprojecting, so markers, shapes and clicks line up with the provider's streets.
 */
export const GCJ02_CRS: L.CRS = L.extend({}, L.CRS.EPSG3857, {
  projection: {
    bounds: L.Projection.SphericalMercator.bounds,
    project: (latlng: L.LatLng) => L.Projection.SphericalMercator.project(L.latLng(wgs84ToGcj02(latlng))),
    unproject: (point: L.Point) => {
      const gcj = L.Projection.SphericalMercator.unproject(point);
      return L.latLng(gcj02ToWgs84(gcj));
    },
  },
});

export const crsFor = (crs: 'wgs84' | 'gcj02'): L.CRS => (crs === 'gcj02' ? GCJ02_CRS : L.CRS.EPSG3857);
