import { createBridge } from '../../../src/features/controller/bridge';
import {
  createSimulatedBridge,
  installSimulatedBridge,
  SIMULATED_AIRCRAFT_SN,
  SIMULATED_RC_SN,
  simulatorOptionsFromQuery,
  type SimulatedBridgeOptions,
} from '../../../src/features/controller/simulatedBridge';

/** Installs `window[name]` as a thing component's connect callback: what it reported, and when it first did. */
function connectReports(name: string) {
  const reports: boolean[] = [];
  const first = new Promise<void>((resolve) => {
    (window as unknown as Record<string, unknown>)[name] = (connected: boolean) => {
      reports.push(connected);
      resolve();
    };
  });
  return { reports, first };
}

describe('simulatorOptionsFromQuery', () => {
  it.each<[string, SimulatedBridgeOptions | null]>([
    ['', null],
    ['?djibridge=real', null],
    ['?djibridge=sim', {}],
    ['?djibridge=sim&djiaircraft=none', { aircraftSn: null }],
    ['?djibridge=sim&djiaircraft=SN42', { aircraftSn: 'SN42' }],
    ['?djibridge=sim&djilicense=refused', { license: 'refused' }],
    ['?djibridge=sim&djilicense=error', { license: 'error' }],
    ['?djibridge=sim&djilicense=bogus', {}],
    ['?djibridge=sim&djicomponent=thing', { failComponent: 'thing' }],
    ['?djibridge=sim&djicomponent=api&djithing=fail', { failComponent: 'api', thing: 'fail' }],
  ])('%s', (search, expected) => expect(simulatorOptionsFromQuery(search)).toEqual(expected));
});

describe('simulated bridge (through the typed adapter)', () => {
  afterEach(() => {
    delete (window as { djiBridge?: unknown }).djiBridge;
    delete (window as unknown as Record<string, unknown>).simCb;
  });

  it('answers like the real bridge: licence, workspace, serials', () => {
    const sim = createSimulatedBridge();
    const bridge = createBridge(sim);
    expect(bridge.isVerified()).toBe(false);
    expect(() => bridge.setWorkspaceId('1')).toThrow(expect.objectContaining({ kind: 'failed', code: 403 }));
    bridge.verifyLicense('id', 'key', 'lic');
    expect(bridge.isVerified()).toBe(true);
    bridge.setWorkspaceId('1');
    bridge.setInformation('Skyline', 'WS', '');
    expect(bridge.getAircraftSn()).toBe(SIMULATED_AIRCRAFT_SN);
    expect(bridge.getRemoteControllerSn()).toBe(SIMULATED_RC_SN);
    expect(sim.calls.map((c) => c.method)).toContain('platformSetInformation');
  });

  it.each<[string, SimulatedBridgeOptions, string, string]>([
    ['licence refused', { license: 'refused' }, 'refused', 'platformVerifyLicense'],
    ['licence service error', { license: 'error' }, 'failed', 'platformVerifyLicense'],
  ])('%s', (_name, options, kind, method) => {
    expect(() => createBridge(createSimulatedBridge(options)).verifyLicense('a', 'b', 'c')).toThrow(expect.objectContaining({ kind, method }));
  });

  it('refuses empty credentials like the real bridge', () => {
    expect(() => createBridge(createSimulatedBridge()).verifyLicense('', '', '')).toThrow(expect.objectContaining({ kind: 'failed' }));
  });

  it('no aircraft: the aircraft serial is empty, and can be bound later', () => {
    const sim = createSimulatedBridge({ aircraftSn: null });
    const bridge = createBridge(sim);
    expect(bridge.getAircraftSn()).toBeNull();
    sim.sim.setAircraft('LATE1');
    expect(bridge.getAircraftSn()).toBe('LATE1');
  });

  it('component load failure', () => {
    const bridge = createBridge(createSimulatedBridge({ failComponent: 'api' }));
    bridge.verifyLicense('a', 'b', 'c');
    expect(() => bridge.loadComponent('api', { host: 'h/', token: 't' })).toThrow(expect.objectContaining({ kind: 'failed', code: 500 }));
  });

  it('the thing component calls its connect callback; unloading disconnects', async () => {
    const sim = installSimulatedBridge({ connectDelayMs: 0 });
    const { reports, first } = connectReports('simCb');
    const bridge = createBridge(sim);
    bridge.verifyLicense('a', 'b', 'c');
    bridge.loadThingComponent({ host: 'ws://b', username: 'u', password: 'p', connectCallback: 'simCb' });
    await first;
    expect(reports).toEqual([true]);
    expect(bridge.thingIsConnected()).toBe(true);
    expect(bridge.isComponentLoaded('thing')).toBe(true);
    bridge.unloadComponent('thing');
    expect(bridge.thingIsConnected()).toBe(false);
    expect((window as { djiBridge?: unknown }).djiBridge).toBe(sim);
  });

  it('djithing=fail: the callback reports a failed connection', async () => {
    const sim = createSimulatedBridge({ thing: 'fail', connectDelayMs: 0 });
    const { reports, first } = connectReports('simCb');
    const bridge = createBridge(sim);
    bridge.verifyLicense('a', 'b', 'c');
    bridge.loadThingComponent({ host: 'ws://b', username: 'u', password: 'p', connectCallback: 'simCb' });
    await first;
    expect(reports).toEqual([false]);
  });

  it('the api component keeps the token', () => {
    const sim = createSimulatedBridge();
    const bridge = createBridge(sim);
    bridge.verifyLicense('a', 'b', 'c');
    bridge.setApiToken('t1');
    bridge.loadComponent('api', { host: 'http://x/', token: 't2' });
    expect(sim.sim.token()).toBe('t2');
    expect(sim.sim.loadedComponents()).toEqual(['api']);
  });

  it('refuses what Pilot 2 refuses: an api host without a trailing /, map/tsa/mission before thing, ws and api', async () => {
    const sim = createSimulatedBridge({ connectDelayMs: 0 });
    const bridge = createBridge(sim);
    bridge.verifyLicense('a', 'b', 'c');
    expect(() => bridge.loadComponent('api', { host: 'http://x', token: 't' })).toThrow(expect.objectContaining({ kind: 'failed', code: 1 }));
    bridge.loadComponent('api', { host: 'http://x/', token: 't' });
    expect(() => bridge.loadComponent('map', { userName: 'u', elementPreName: 'P' })).toThrow(/needs thing, ws loaded first/);
    const { first } = connectReports('simCb');
    bridge.loadThingComponent({ host: 'ws://b', username: 'u', password: 'p', connectCallback: 'simCb' });
    await first;
    const ws = connectReports('wsCb');
    bridge.loadComponent('ws', { host: 'ws://x/api/v1/ws', token: 't', connectCallback: 'wsCb' });
    await ws.first;
    expect(ws.reports).toEqual([true]);
    for (const name of ['map', 'tsa', 'mission'] as const) bridge.loadComponent(name, {});
    expect(sim.sim.loadedComponents()).toEqual(['api', 'thing', 'ws', 'map', 'tsa', 'mission']);
  });
});
