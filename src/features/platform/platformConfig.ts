import { parseMapProviders, type MapProvider } from './mapProviders';

/** static/config.json, read at run time so one build serves every deployment. Secrets never live in the bundle. */
export interface PlatformConfig {
  platformName: string;
  appId: string;
  appKey: string;
  appLicense: string;
  baseURL: string;
  mqtt_host: string;
  mqtt_user: string;
  mqtt_passwd: string;
  /** Online base maps (docs/map.md); none = the offline packages and the built-in outlines only. */
  mapProviders?: MapProvider[];
  /** Lets ?djibridge=sim install the simulated controller bridge in a production build (docs/controller.md). */
  simulatedBridge?: boolean;
}

export const DEFAULT_PLATFORM_CONFIG: PlatformConfig = {
  platformName: '',
  appId: '',
  appKey: '',
  appLicense: '',
  baseURL: '/api',
  mqtt_host: '',
  mqtt_user: '',
  mqtt_passwd: '',
};

type TextKey = Exclude<keyof PlatformConfig, 'simulatedBridge' | 'mapProviders'>;
const TEXT_KEYS: TextKey[] = ['platformName', 'appId', 'appKey', 'appLicense', 'baseURL', 'mqtt_host', 'mqtt_user', 'mqtt_passwd'];

/** Keeps the known keys of a parsed config file; anything missing or of the wrong type falls back to the default. */
export function parsePlatformConfig(raw: unknown): PlatformConfig {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const config: PlatformConfig = { ...DEFAULT_PLATFORM_CONFIG };
  for (const key of TEXT_KEYS) {
    const value = source[key];
    if (typeof value === 'string') config[key] = value;
  }
  const mapProviders = parseMapProviders(source.mapProviders);
  if (mapProviders.length) config.mapProviders = mapProviders;
  if (source.simulatedBridge === true) config.simulatedBridge = true;
  return config;
}

/** The simulated DJI bridge is a development and test tool: production builds offer it only when config.json says so. */
export const simulatedBridgeAllowed = (developmentBuild: boolean, config: PlatformConfig) => developmentBuild || config.simulatedBridge === true;

export async function loadPlatformConfig(fetchImpl: typeof fetch = fetch): Promise<PlatformConfig> {
  try {
    const response = await fetchImpl('config.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    return parsePlatformConfig(await response.json());
  } catch (error) {
    console.warn('Using the default platform configuration:', error);
    return DEFAULT_PLATFORM_CONFIG;
  }
}
