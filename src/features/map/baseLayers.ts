import type { TilePackage } from '@shared/tiles';
import type { MapProvider } from '../platform';

/** What a base map draws: XYZ raster tiles, a PMTiles raster archive, vector tiles (protomaps-leaflet), or the built-in outlines. */
export type BaseLayerSource =
  { kind: 'xyz'; url: string; subdomains: string } | { kind: 'pmtiles-raster'; url: string } | { kind: 'vector'; url: string } | { kind: 'outlines' };

export interface BaseLayerOption {
  /** "provider:<id>", "package:<file name>" or "outlines"; what the user's choice remembers. */
  id: string;
  origin: 'provider' | 'package' | 'builtin';
  /** A provider's name, a package's file name; the outlines are labelled by the console. */
  name: string;
  source: BaseLayerSource;
  attribution: string;
  /** Deepest zoom with tiles (the map zooms further, stretching them). */
  maxNativeZoom: number;
  crs: 'wgs84' | 'gcj02';
}

export const OUTLINES_ID = 'outlines';

const OUTLINES: BaseLayerOption = {
  id: OUTLINES_ID,
  origin: 'builtin',
  name: OUTLINES_ID,
  source: { kind: 'outlines' },
  attribution: '',
  maxNativeZoom: 19,
  crs: 'wgs84',
};

function packageSource(pkg: TilePackage): BaseLayerSource {
  if (pkg.tileType === 'mvt') return { kind: 'vector', url: pkg.url };
  return pkg.format === 'pmtiles' ? { kind: 'pmtiles-raster', url: pkg.url } : { kind: 'xyz', url: pkg.url, subdomains: '' };
}

/** Every base map on offer, in menu order: online providers (config.json), offline packages (the server's), the outlines last. */
export function baseLayerOptions(providers: readonly MapProvider[], packages: readonly TilePackage[]): BaseLayerOption[] {
  return [
    ...providers.map((p): BaseLayerOption => ({
      id: `provider:${p.id}`,
      origin: 'provider',
      name: p.name,
      source: { kind: 'xyz', url: p.url, subdomains: p.subdomains },
      attribution: p.attribution,
      maxNativeZoom: p.maxZoom,
      crs: p.crs,
    })),
    ...packages.map((pkg): BaseLayerOption => ({
      id: `package:${pkg.name}`,
      origin: 'package',
      name: pkg.name,
      source: packageSource(pkg),
      attribution: pkg.attribution,
      maxNativeZoom: pkg.maxZoom,
      crs: 'wgs84',
    })),
    OUTLINES,
  ];
}

/** The user's choice when it is still on offer; otherwise (nothing chosen, or gone) the first option. */
export function resolveBaseLayer(choice: string | null, options: readonly BaseLayerOption[]): BaseLayerOption {
  return options.find((o) => o.id === choice) ?? options[0] ?? OUTLINES;
}
