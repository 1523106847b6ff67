import { useEffect, useState } from 'react';
import { TILES_PREFIX, type TilePackage } from '@shared/tiles';

let packages: Promise<TilePackage[]> | null = null;

/** The offline map packages the server offers (GET /tiles/), read once per page load; none when it cannot be read. */
export function loadTilePackages(fetchImpl: typeof fetch = fetch): Promise<TilePackage[]> {
  packages ??= Promise.resolve()
    .then(() => fetchImpl(TILES_PREFIX, { cache: 'no-cache' }))
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { data?: { items?: TilePackage[] } } | null) => (Array.isArray(body?.data?.items) ? body.data.items : []))
    .catch((error: unknown) => {
      console.warn('No offline map packages:', error);
      packages = null;
      return [];
    });
  return packages;
}

/** The package list for a component: empty until it has loaded. */
export function useTilePackages(): TilePackage[] {
  const [list, setList] = useState<TilePackage[]>([]);
  useEffect(() => {
    let live = true;
    void loadTilePackages().then((loaded) => live && setList(loaded));
    return () => {
      live = false;
    };
  }, []);
  return list;
}
