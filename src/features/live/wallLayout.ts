import type { DeviceCamera } from '@shared/liveVideo';

/** The wall's layouts: 1, 4 or 9 tiles (1×1, 2×2, 3×3). */
export const WALL_SIZES = [1, 4, 9] as const;
export type WallSize = (typeof WALL_SIZES)[number];

/** What the wall shows: its size and each tile's video (null: empty). */
export interface WallLayout {
  size: WallSize;
  tiles: (string | null)[];
}

export const DEFAULT_WALL: WallLayout = { size: 4, tiles: [null, null, null, null] };

const isSize = (value: unknown): value is WallSize => WALL_SIZES.includes(value as WallSize);

/** The layout at another size: the first tiles stay, new ones are empty. */
export function resized(layout: WallLayout, size: WallSize): WallLayout {
  return { size, tiles: Array.from({ length: size }, (_, i) => layout.tiles[i] ?? null) };
}

/** Tile `index` shows `videoId` (null: empties it). */
export function withTile(layout: WallLayout, index: number, videoId: string | null): WallLayout {
  return { ...layout, tiles: layout.tiles.map((tile, i) => (i === index ? videoId : tile)) };
}

/** A stored layout (the user's last one), or the default when there is none or it is unreadable. */
export function parseWall(raw: string | null): WallLayout {
  try {
    const parsed = JSON.parse(raw ?? 'null') as Partial<WallLayout> | null;
    if (!parsed || !isSize(parsed.size) || !Array.isArray(parsed.tiles)) return DEFAULT_WALL;
    return resized({ size: parsed.size, tiles: parsed.tiles.map((tile) => (typeof tile === 'string' ? tile : null)) }, parsed.size);
  } catch {
    return DEFAULT_WALL;
  }
}

/** Where a user's wall is kept in local storage. */
export const wallKey = (username: string) => `liveWall:${username}`;

/**
 * `#/Live?sn=SN1,SN2`: each device's main camera (the first it is the source of) in a tile of the smallest layout
 * that holds them all; serials without an online camera are left out.
 */
export function wallOfSerials(serials: readonly string[], cameras: readonly DeviceCamera[]): WallLayout {
  const videos = serials.flatMap((sn) => cameras.find((camera) => camera.sn === sn)?.video_id ?? []).slice(0, WALL_SIZES[WALL_SIZES.length - 1]);
  const size = WALL_SIZES.find((s) => s >= videos.length) ?? WALL_SIZES[WALL_SIZES.length - 1];
  return resized({ size, tiles: videos }, size);
}

/** The serials of `?sn=SN1,SN2` (none: the stored layout applies). */
export const serialsOf = (search: string): string[] =>
  (new URLSearchParams(search).get('sn') ?? '')
    .split(',')
    .map((sn) => sn.trim())
    .filter(Boolean);
