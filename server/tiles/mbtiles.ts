import SQLite from 'better-sqlite3';
import type { TileType } from '@shared/tiles';

/** What an MBTiles file says about itself (its `metadata` table, spec 1.3). */
export interface MbtilesInfo {
  tileType: TileType;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number] | null;
  attribution: string;
}

const TILE_TYPE_OF_FORMAT: Record<string, TileType> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', webp: 'webp', pbf: 'mvt', mvt: 'mvt' };

/** The metadata rows as MbtilesInfo; null when the format is missing or unknown (not a package we can serve). */
export function mbtilesInfo(metadata: Record<string, string>, zoomRange: { min: number | null; max: number | null }): MbtilesInfo | null {
  const tileType = TILE_TYPE_OF_FORMAT[(metadata.format ?? '').toLowerCase()];
  if (!tileType) return null;
  const zoom = (value: string | undefined, fallback: number | null) => {
    const parsed = value === undefined ? NaN : Number(value);
    return Number.isInteger(parsed) && parsed >= 0 && parsed <= 30 ? parsed : (fallback ?? 0);
  };
  const edges = (metadata.bounds ?? '').split(',').map(Number);
  const bounds = edges.length === 4 && edges.every(Number.isFinite) ? (edges as [number, number, number, number]) : null;
  return {
    tileType,
    minZoom: zoom(metadata.minzoom, zoomRange.min),
    maxZoom: zoom(metadata.maxzoom, zoomRange.max),
    bounds,
    attribution: metadata.attribution ?? '',
  };
}

/** MBTiles rows count from the bottom (TMS); web maps count from the top (XYZ). */
export const tmsRow = (z: number, y: number) => 2 ** z - 1 - y;

/** One open MBTiles file (read only), its metadata and tile lookups. */
export class MbtilesArchive {
  private readonly db: SQLite.Database;
  private readonly tileStatement: SQLite.Statement<[number, number, number], { tile_data: Buffer }>;
  private metadata: MbtilesInfo | null | undefined;

  constructor(readonly file: string) {
    this.db = new SQLite(file, { readonly: true, fileMustExist: true });
    this.tileStatement = this.db.prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?');
  }

  /** Read once per open file. */
  info(): MbtilesInfo | null {
    if (this.metadata !== undefined) return this.metadata;
    const rows = this.db.prepare('SELECT name, value FROM metadata').all() as { name: string; value: string }[];
    const zoomRange = this.db.prepare('SELECT MIN(zoom_level) AS min, MAX(zoom_level) AS max FROM tiles').get() as { min: number | null; max: number | null };
    this.metadata = mbtilesInfo(Object.fromEntries(rows.map((r) => [r.name, r.value])), zoomRange);
    return this.metadata;
  }

  /** The tile at z/x/y (XYZ numbering), or null when the package has none there. */
  tile(z: number, x: number, y: number): Buffer | null {
    return this.tileStatement.get(z, x, tmsRow(z, y))?.tile_data ?? null;
  }

  close(): void {
    this.db.close();
  }
}
