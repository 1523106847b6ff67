import { DEFAULT_PLATFORM_CONFIG, loadPlatformConfig, parsePlatformConfig, simulatedBridgeAllowed } from '../../../src/features/platform/platformConfig';

describe('parsePlatformConfig', () => {
  it.each([
    ['not an object', 'x', DEFAULT_PLATFORM_CONFIG],
    ['null', null, DEFAULT_PLATFORM_CONFIG],
    ['keeps known string keys', { platformName: '天际', baseURL: '/v2/api' }, { ...DEFAULT_PLATFORM_CONFIG, platformName: '天际', baseURL: '/v2/api' }],
    ['ignores wrong types and unknown keys', { platformName: 42, extra: 'x' }, DEFAULT_PLATFORM_CONFIG],
    [
      'online base maps are optional and parsed (docs/map.md)',
      { mapProviders: [{ id: 'osm', name: 'OSM', url: 'https://tile.example/{z}/{x}/{y}.png', attribution: '© OSM', maxZoom: 19 }] },
      {
        ...DEFAULT_PLATFORM_CONFIG,
        mapProviders: [
          { id: 'osm', name: 'OSM', url: 'https://tile.example/{z}/{x}/{y}.png', attribution: '© OSM', maxZoom: 19, subdomains: 'abc', crs: 'wgs84' },
        ],
      },
    ],
    ['map providers of the wrong type fall back to none', { mapProviders: 'https://tile.example/{z}/{x}/{y}.png' }, DEFAULT_PLATFORM_CONFIG],
    ['the simulated bridge is offered only by an explicit true', { simulatedBridge: true }, { ...DEFAULT_PLATFORM_CONFIG, simulatedBridge: true }],
    ['a truthy string does not offer the simulated bridge', { simulatedBridge: 'yes' }, DEFAULT_PLATFORM_CONFIG],
  ])('%s', (_name, raw, expected) => {
    expect(parsePlatformConfig(raw)).toEqual(expected);
  });

  it('loads config.json', async () => {
    const serving = (async () => new Response(JSON.stringify({ platformName: '天际巡检', mqtt_host: 'wss://broker.example/mqtt' }))) as unknown as typeof fetch;
    await expect(loadPlatformConfig(serving)).resolves.toEqual({
      ...DEFAULT_PLATFORM_CONFIG,
      platformName: '天际巡检',
      mqtt_host: 'wss://broker.example/mqtt',
    });
  });

  it('falls back to defaults when config.json cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    await expect(loadPlatformConfig(failing)).resolves.toEqual(DEFAULT_PLATFORM_CONFIG);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('simulatedBridgeAllowed', () => {
  it.each([
    ['development build', true, DEFAULT_PLATFORM_CONFIG, true],
    ['production build, config silent', false, DEFAULT_PLATFORM_CONFIG, false],
    ['production build, config offers it', false, { ...DEFAULT_PLATFORM_CONFIG, simulatedBridge: true }, true],
    ['development build, config offers it', true, { ...DEFAULT_PLATFORM_CONFIG, simulatedBridge: true }, true],
  ])('%s', (_name, developmentBuild, config, expected) => {
    expect(simulatedBridgeAllowed(developmentBuild, config)).toBe(expected);
  });
});
