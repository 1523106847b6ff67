import type { Kysely } from 'kysely';
import type { WeatherReport, WeatherStation } from '@shared/live';
import type { Database } from '../db/schema';

export interface WeatherArea {
  areaId: string;
  name: string;
  lat: number;
  lng: number;
}

/** Where weather comes from. The default is SimulatedWeatherProvider; a real one (a met service) implements the same method. */
export interface WeatherProvider {
  readonly name: string;
  observe(areas: WeatherArea[], at: number): Promise<WeatherReport>;
}

/** Flight limits of the verdict (documented in docs/mqtt.md). */
export const FLYABLE_LIMITS = {
  maxWind: 10,
  maxGust: 12,
  minVisibility: 1500,
  maxPrecipitation: 2.5,
  minTemperature: -10,
  maxTemperature: 40,
} as const;

export function flyableVerdict(w: Pick<WeatherStation, 'windSpeed' | 'gust' | 'visibility' | 'precipitation' | 'temperature'>): {
  flyable: boolean;
  reasons: string[];
} {
  const reasons: string[] = [];
  if (w.windSpeed > FLYABLE_LIMITS.maxWind) reasons.push('wind');
  if (w.gust > FLYABLE_LIMITS.maxGust) reasons.push('gust');
  if (w.visibility < FLYABLE_LIMITS.minVisibility) reasons.push('visibility');
  if (w.precipitation > FLYABLE_LIMITS.maxPrecipitation) reasons.push('precipitation');
  if (w.temperature < FLYABLE_LIMITS.minTemperature) reasons.push('cold');
  if (w.temperature > FLYABLE_LIMITS.maxTemperature) reasons.push('heat');
  return { flyable: reasons.length === 0, reasons };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * A deterministic simulated weather station: the same area and minute always give the same observation, smooth over
 * the day, with a daily temperature cycle and occasional windy/rainy spells. Works offline; it is NOT real weather.
 */
export class SimulatedWeatherProvider implements WeatherProvider {
  readonly name = 'simulated';

  stationAt(area: WeatherArea, at: number): WeatherStation {
    const seed = hash(area.areaId);
    const minute = Math.floor(at / 60_000);
    const hours = minute / 60;
    const phase = seed * Math.PI * 2;
    const localHour = (hours + area.lng / 15) % 24;
    const windSpeed = Math.max(0, 4 + 3.5 * Math.sin(hours / 3 + phase) + 3 * Math.sin(hours / 0.7 + phase * 2));
    const gust = windSpeed * (1.25 + 0.2 * Math.sin(hours * 2 + phase));
    const windDirection = (seed * 360 + 40 * Math.sin(hours / 5)) % 360;
    const baseTemp = 26 - Math.abs(area.lat - 22) * 0.6;
    const temperature = baseTemp + 5 * Math.sin(((localHour - 9) / 24) * Math.PI * 2);
    const rainy = Math.sin(hours / 4 + phase * 3);
    const precipitation = rainy > 0.6 ? (rainy - 0.6) * 10 : 0;
    const humidity = Math.min(100, 60 + 15 * Math.sin(hours / 6 + phase) + precipitation * 5);
    const visibility = Math.max(300, 10_000 - precipitation * 2000 - Math.max(0, humidity - 85) * 200);
    const observed = {
      windSpeed: round(windSpeed),
      gust: round(gust),
      windDirection: Math.round(windDirection),
      temperature: round(temperature),
      humidity: Math.round(humidity),
      visibility: Math.round(visibility),
      precipitation: round(precipitation),
    };
    return { areaId: area.areaId, name: area.name, lat: area.lat, lng: area.lng, ...observed, ...flyableVerdict(observed) };
  }

  async observe(areas: WeatherArea[], at: number): Promise<WeatherReport> {
    return { at, source: this.name, stations: areas.map((area) => this.stationAt(area, at)) };
  }
}

/** The calm sky's observation: light wind, clear, mild; well inside every limit of the verdict. */
export const CALM_OBSERVATION = {
  windSpeed: 2,
  gust: 3,
  windDirection: 90,
  temperature: 20,
  humidity: 50,
  visibility: 10_000,
  precipitation: 0,
} as const;

/**
 * A calm sky at every station and time (WEATHER=calm): for sites and test rigs whose flights must not depend on the
 * simulated station's windy or rainy spells. Like the simulated station, it is not real weather.
 */
export class CalmWeatherProvider implements WeatherProvider {
  readonly name = 'calm';

  async observe(areas: WeatherArea[], at: number): Promise<WeatherReport> {
    const verdict = flyableVerdict(CALM_OBSERVATION);
    return { at, source: this.name, stations: areas.map((area) => ({ ...area, ...CALM_OBSERVATION, ...verdict })) };
  }
}

/** Where the weather of sysinfo/weather and the missions' check comes from (WEATHER, server/config.ts). */
export const WEATHER_SOURCES = ['simulated', 'calm'] as const;
export type WeatherSource = (typeof WEATHER_SOURCES)[number];

/** The provider a configured source names. */
export function weatherProviderFor(source: WeatherSource): WeatherProvider {
  return source === 'calm' ? new CalmWeatherProvider() : new SimulatedWeatherProvider();
}

/** Used when no project with an area exists: the demo region around Shenzhen. */
export const DEFAULT_AREA: WeatherArea = { areaId: 'default', name: 'Shenzhen', lat: 22.54, lng: 114.05 };

/** Weather areas listed at most: sysinfo/weather carries one station each. */
const AREAS_LISTED = 50;

/** Centroid of the ring(s) of a GeoJSON Polygon/MultiPolygon/Feature or a bare [[lng,lat],…] array. */
export function areaCentre(raw: unknown): { lat: number; lng: number } | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const points: Array<[number, number]> = [];
  const walk = (node: unknown) => {
    if (!Array.isArray(node)) return;
    if (node.length >= 2 && typeof node[0] === 'number' && typeof node[1] === 'number') points.push([node[0], node[1]]);
    else node.forEach(walk);
  };
  const geo = value as { type?: string; geometry?: { coordinates?: unknown }; coordinates?: unknown } | null;
  walk(geo && !Array.isArray(geo) ? (geo.geometry?.coordinates ?? geo.coordinates) : value);
  const valid = points.filter(([lng, lat]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180);
  if (valid.length === 0) return null;
  const lng = valid.reduce((s, p) => s + p[0], 0) / valid.length;
  const lat = valid.reduce((s, p) => s + p[1], 0) / valid.length;
  return { lat: Math.round(lat * 1e5) / 1e5, lng: Math.round(lng * 1e5) / 1e5 };
}

/** The projects' areas as weather areas (`project-{id}`, at each area's centre); DEFAULT_AREA when none has one. */
export async function listProjectAreas(db: Kysely<Database>): Promise<WeatherArea[]> {
  const rows = await db.selectFrom('projects').select(['id', 'name', 'area']).where('area', 'is not', null).orderBy('id').limit(AREAS_LISTED).execute();
  const areas = rows.flatMap((row) => {
    const centre = areaCentre(row.area);
    return centre ? [{ areaId: `project-${row.id}`, name: row.name, ...centre }] : [];
  });
  return areas.length ? areas : [DEFAULT_AREA];
}
