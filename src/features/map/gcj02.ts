/**
 * WGS84 ↔ GCJ-02, the offset coordinate system Chinese map providers (AMap/Gaode, Tencent) draw their tiles in.
 * Our data stays WGS84; a GCJ-02 base map gets a map projection that applies the offset (see baseMapCrs.ts).
 * The published algorithm: a polynomial/trigonometric shift on the Krasovsky 1940 ellipsoid, outside China none.
 */

export interface LatLngLike {
  lat: number;
  lng: number;
}

const KRASOVSKY_A = 6378245.0;
const KRASOVSKY_EE = 0.006693421622965943;

/** The rough box the offset applies in (outside it both systems coincide). */
export const outOfChina = ({ lat, lng }: LatLngLike) => lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;

function shiftLat(x: number, y: number): number {
  let shift = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  shift += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  shift += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  shift += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return shift;
}

function shiftLng(x: number, y: number): number {
  let shift = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  shift += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  shift += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  shift += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return shift;
}

/** The GCJ-02 offset (degrees) at a WGS84 position. */
function offset({ lat, lng }: LatLngLike): LatLngLike {
  const radLat = (lat / 180.0) * Math.PI;
  const magic = 1 - KRASOVSKY_EE * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  return {
    lat: (shiftLat(lng - 105.0, lat - 35.0) * 180.0) / (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI),
    lng: (shiftLng(lng - 105.0, lat - 35.0) * 180.0) / ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI),
  };
}

export function wgs84ToGcj02(position: LatLngLike): LatLngLike {
  if (outOfChina(position)) return { lat: position.lat, lng: position.lng };
  const d = offset(position);
  return { lat: position.lat + d.lat, lng: position.lng + d.lng };
}

/** The inverse has no closed form: iterate until the forward conversion lands on the input (≈ 1e-9°, well under a millimetre). */
export function gcj02ToWgs84(position: LatLngLike): LatLngLike {
  if (outOfChina(position)) return { lat: position.lat, lng: position.lng };
  let wgs = { lat: position.lat, lng: position.lng };
  for (let i = 0; i < 30; i++) {
    const gcj = wgs84ToGcj02(wgs);
    const dLat = gcj.lat - position.lat;
    const dLng = gcj.lng - position.lng;
    wgs = { lat: wgs.lat - dLat, lng: wgs.lng - dLng };
    if (Math.abs(dLat) < 1e-10 && Math.abs(dLng) < 1e-10) break;
  }
  return wgs;
}
