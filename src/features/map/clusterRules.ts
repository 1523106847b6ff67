/** A point on a map: [lat, lng]. */
export interface PositionedPoint {
  position: [number, number];
}

/** Points that fall in one cell of the grid at a zoom, drawn as one marker with their count. */
export interface PointCluster<P extends PositionedPoint> {
  /** The cell, stable while the zoom stays: a React key. */
  key: string;
  /** The mean position of its points. */
  position: [number, number];
  points: P[];
  /** [[south, west], [north, east]] of its points. */
  bounds: [[number, number], [number, number]];
}

/** Points closer than this on the screen (px) share a marker. */
export const CLUSTER_CELL_PX = 60;
/** Web Mercator's latitude limit: the poles are at infinity. */
const MAX_LAT = 85.05112878;
/** Beyond any base map's zoom: the grid is then finer than a pixel, so nothing clusters that is not on one spot. */
const MAX_GRID_ZOOM = 30;

/** The Web Mercator pixel (256 px tiles) of a position at `zoom`. */
export function worldPixel([lat, lng]: [number, number], zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  const x = ((lng + 180) / 360) * size;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  return [x, y];
}

/**
 * The points grouped by the square of a `cellPx` grid over the world at `zoom` they fall in: one cluster per occupied
 * square, at the mean position of its points, in the order of their first point (and the points in theirs, so a
 * caller's drawing order holds). A zoom that is not a number yet (a map not laid out) counts as the finest grid.
 */
export function gridClusters<P extends PositionedPoint>(points: readonly P[], zoom: number, cellPx = CLUSTER_CELL_PX): PointCluster<P>[] {
  const z = Number.isFinite(zoom) ? Math.max(0, Math.min(MAX_GRID_ZOOM, zoom)) : MAX_GRID_ZOOM;
  const cells = new Map<string, P[]>();
  for (const point of points) {
    const [x, y] = worldPixel(point.position, z);
    const key = `${z}:${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) cell.push(point);
    else cells.set(key, [point]);
  }
  return [...cells].map(([key, members]) => {
    const lats = members.map((p) => p.position[0]);
    const lngs = members.map((p) => p.position[1]);
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    return {
      key,
      position: [mean(lats), mean(lngs)],
      points: members,
      bounds: [
        [Math.min(...lats), Math.min(...lngs)],
        [Math.max(...lats), Math.max(...lngs)],
      ],
    };
  });
}

/**
 * What a click on a cluster does: zoom in on its points, or list them when zooming in cannot part them (all on one
 * spot, such as a camera's wide, zoom and thermal shots, or the map already at its closest).
 */
export function clusterClick(cluster: PointCluster<PositionedPoint>, zoom: number, maxZoom: number): 'zoom' | 'list' {
  const [[south, west], [north, east]] = cluster.bounds;
  return (south === north && west === east) || zoom >= maxZoom ? 'list' : 'zoom';
}

/**
 * The view's bounds as the API's `bbox` (minLng,minLat,maxLng,maxLat, 6 decimals), held to the world (a view zoomed out
 * past it reaches beyond ±180°); null when the bounds are not numbers (a map not laid out).
 */
export function viewBbox(south: number, west: number, north: number, east: number): string | null {
  if (![south, west, north, east].every(Number.isFinite)) return null;
  const lat = (v: number) => Math.max(-90, Math.min(90, v)).toFixed(6);
  const lng = (v: number) => Math.max(-180, Math.min(180, v)).toFixed(6);
  return [lng(Math.min(west, east)), lat(Math.min(south, north)), lng(Math.max(west, east)), lat(Math.max(south, north))].join(',');
}

/** The south-west and north-east corners framing the points, or null for none. */
export function pointsBounds(points: readonly PositionedPoint[]): [[number, number], [number, number]] | null {
  if (!points.length) return null;
  const lats = points.map((p) => p.position[0]);
  const lngs = points.map((p) => p.position[1]);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}
