import { z } from 'zod';

/**
 * Offline map packages: `.pmtiles` and `.mbtiles` files under DATA_DIR/tiles/, listed by `GET /tiles/` and served by the
 * server (docs/map.md). The console offers each one in the base-map switcher.
 */

/** A package file name: letters, digits, '-' and '_', then the format's extension (no paths, no dotfiles). */
export const TILE_PACKAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(pmtiles|mbtiles)$/;

export const TILE_FORMATS = ['pmtiles', 'mbtiles'] as const;
export type TileFormat = (typeof TILE_FORMATS)[number];

/** Raster images, or Mapbox vector tiles (drawn in the browser by protomaps-leaflet). */
export const TILE_TYPES = ['png', 'jpg', 'webp', 'avif', 'mvt'] as const;
export type TileType = (typeof TILE_TYPES)[number];

export const tilePackageSchema = z.object({
  /** The file name, e.g. "shenzhen.pmtiles"; also the package's id. */
  name: z.string().regex(TILE_PACKAGE_NAME),
  format: z.enum(TILE_FORMATS),
  tileType: z.enum(TILE_TYPES),
  /** pmtiles: the archive's URL (read with HTTP range requests); mbtiles: an XYZ template ending in /{z}/{x}/{y}. */
  url: z.string(),
  minZoom: z.number().int().min(0).max(30),
  maxZoom: z.number().int().min(0).max(30),
  /** [west, south, east, north] in WGS84 degrees, when the package says. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  attribution: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type TilePackage = z.infer<typeof tilePackageSchema>;

export const tilePackageListSchema = z.object({ items: z.array(tilePackageSchema) });
export type TilePackageList = z.infer<typeof tilePackageListSchema>;

/** Where the console finds the list (outside /api: tiles are fetched by image tags and carry no bearer token). */
export const TILES_PREFIX = '/tiles/';
