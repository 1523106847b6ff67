import fs from 'node:fs/promises';
import { PMTiles, TileType as PmTileType, type Source } from 'pmtiles';
import type { TileType } from '@shared/tiles';

/** Reads byte ranges of a local archive, so the pmtiles library can parse its header and metadata. */
function fileSource(file: string): Source {
  return {
    getKey: () => file,
    async getBytes(offset, length) {
      const handle = await fs.open(file, 'r');
      try {
        const data = Buffer.alloc(length);
        const { bytesRead } = await handle.read(data, 0, length, offset);
        return { data: data.buffer.slice(data.byteOffset, data.byteOffset + bytesRead) };
      } finally {
        await handle.close();
      }
    },
  };
}

const TILE_TYPES: Partial<Record<PmTileType, TileType>> = {
  [PmTileType.Png]: 'png',
  [PmTileType.Jpeg]: 'jpg',
  [PmTileType.Webp]: 'webp',
  [PmTileType.Avif]: 'avif',
  [PmTileType.Mvt]: 'mvt',
};

export interface PmtilesInfo {
  tileType: TileType;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  attribution: string;
}

/** The header and metadata of a PMTiles v3 archive; null when its tile type is unknown. Throws on a file that is not one. */
export async function pmtilesInfo(file: string): Promise<PmtilesInfo | null> {
  const archive = new PMTiles(fileSource(file));
  const header = await archive.getHeader();
  const tileType = TILE_TYPES[header.tileType];
  if (!tileType) return null;
  const metadata = (await archive.getMetadata()) as { attribution?: unknown } | null;
  return {
    tileType,
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    attribution: typeof metadata?.attribution === 'string' ? metadata.attribution : '',
  };
}
