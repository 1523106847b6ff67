/** Leaflet's default CRS (EPSG:3857) in normalised form: x, y in 0…1 across the world, y down. */
const MAX_LATITUDE = 85.0511287798;

export const mercatorX = (lng: number) => (lng + 180) / 360;
export function mercatorY(lat: number) {
  const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/** The map view as a linear mapping of normalised Mercator to container pixels. */
export interface View {
  /** World size in pixels at the current zoom. */
  scale: number;
  /** World pixel at the container's top-left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
}

export const toScreenX = (view: View, x: number) => x * view.scale - view.left;
export const toScreenY = (view: View, y: number) => y * view.scale - view.top;
