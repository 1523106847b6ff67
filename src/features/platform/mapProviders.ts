/**
 * Online base maps named in static/config.json ("mapProviders", docs/map.md): an XYZ URL template, its attribution, the
 * deepest zoom it has, and the coordinate system its tiles are drawn in (gcj02 for AMap/Gaode-style Chinese maps).
 */
export interface MapProvider {
  id: string;
  name: string;
  /** e.g. "https://tile.openstreetmap.org/{z}/{x}/{y}.png"; {s} picks one of `subdomains`. */
  url: string;
  attribution: string;
  maxZoom: number;
  subdomains: string;
  crs: 'wgs84' | 'gcj02';
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;
const TEMPLATE = /^(https?:\/\/|\/)[^\s]*\{z\}[^\s]*$/;
const DEFAULT_MAX_ZOOM = 18;

/** One provider entry, or null when it is unusable (a bad entry is dropped, the rest still work). */
function parseProvider(raw: unknown): MapProvider | null {
  if (!raw || typeof raw !== 'object') return null;
  const entry = raw as Record<string, unknown>;
  const { id, url } = entry;
  if (typeof id !== 'string' || !ID.test(id) || typeof url !== 'string' || !TEMPLATE.test(url) || !url.includes('{x}') || !url.includes('{y}')) return null;
  const maxZoom =
    typeof entry.maxZoom === 'number' && Number.isInteger(entry.maxZoom) && entry.maxZoom >= 1 && entry.maxZoom <= 22 ? entry.maxZoom : DEFAULT_MAX_ZOOM;
  return {
    id,
    name: typeof entry.name === 'string' && entry.name.trim() ? entry.name : id,
    url,
    attribution: typeof entry.attribution === 'string' ? entry.attribution : '',
    maxZoom,
    subdomains: typeof entry.subdomains === 'string' && entry.subdomains ? entry.subdomains : 'abc',
    crs: entry.crs === 'gcj02' ? 'gcj02' : 'wgs84',
  };
}

/** The usable providers of config.json's "mapProviders", each id once (the first wins). */
export function parseMapProviders(raw: unknown): MapProvider[] {
  if (!Array.isArray(raw)) return [];
  const providers: MapProvider[] = [];
  for (const entry of raw) {
    const provider = parseProvider(entry);
    if (provider && !providers.some((p) => p.id === provider.id)) providers.push(provider);
  }
  return providers;
}
