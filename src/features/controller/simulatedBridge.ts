import type { ComponentName, DjiBridgeRaw } from './bridge';

/**
 * A stand-in for DJI Pilot 2's window.djiBridge: same functions, same JSON-string answers, with scriptable
 * failures, so every controller flow can be tried in a normal browser (?djibridge=sim) and in tests.
 */
export interface SimulatedBridgeOptions {
  /** Serial of the bound aircraft; null = no aircraft connected. */
  aircraftSn?: string | null;
  remoteControllerSn?: string;
  /** refused: platformVerifyLicense answers data=false; error: it answers a non-zero code. */
  license?: 'ok' | 'refused' | 'error';
  /** A component whose platformLoadComponent fails. */
  failComponent?: ComponentName | null;
  /** fail: the thing component reports a failed broker connection. */
  thing?: 'ok' | 'fail';
  /** Delay before the thing component calls its connect callback (ms). */
  connectDelayMs?: number;
}

export interface SimulatedBridgeCall {
  method: keyof DjiBridgeRaw;
  args: string[];
}

export interface SimulatedBridge extends DjiBridgeRaw {
  /** Every call made, in order (secrets included: test-only introspection). */
  readonly calls: SimulatedBridgeCall[];
  /** Scripting hooks, not part of the DJI API. */
  readonly sim: {
    options: Required<SimulatedBridgeOptions>;
    setAircraft(sn: string | null): void;
    loadedComponents(): string[];
    token(): string | null;
  };
}

const COMPONENT_NAMES: readonly ComponentName[] = ['thing', 'api', 'ws', 'map', 'tsa', 'media', 'mission', 'liveshare'];

export const SIMULATED_AIRCRAFT_SN = '1581F5BKD223M00A0SIM';
export const SIMULATED_RC_SN = '5YSZK7R0020SIM';

const DEFAULTS: Required<SimulatedBridgeOptions> = {
  aircraftSn: SIMULATED_AIRCRAFT_SN,
  remoteControllerSn: SIMULATED_RC_SN,
  license: 'ok',
  failComponent: null,
  thing: 'ok',
  connectDelayMs: 50,
};

const answer = (data: unknown, code = 0, message = 'success') => JSON.stringify({ code, message, data });
const failure = (code: number, message: string) => answer(null, code, message);

export function createSimulatedBridge(options: SimulatedBridgeOptions = {}, win: Window = window): SimulatedBridge {
  const opts: Required<SimulatedBridgeOptions> = { ...DEFAULTS, ...options };
  const calls: SimulatedBridgeCall[] = [];
  let verified = false;
  let aircraftSn = opts.aircraftSn;
  let token: string | null = null;
  let thingConnected = false;
  const components = new Map<string, Record<string, unknown>>();

  const record = (method: keyof DjiBridgeRaw, args: unknown[]) => calls.push({ method, args: args.map(String) });

  /** After the connect delay (Pilot 2 answers asynchronously): computes `value`, then calls the page's global callback `name` with it. */
  const callBack = (name: unknown, value: () => unknown) =>
    setTimeout(() => {
      const result = value();
      const callback = typeof name === 'string' ? (win as unknown as Record<string, unknown>)[name] : undefined;
      if (typeof callback === 'function') callback(result);
    }, opts.connectDelayMs);

  const reportConnection = (callbackName: unknown) => callBack(callbackName, () => (thingConnected = opts.thing === 'ok' && components.has('thing')));

  const needsLicence = () => (verified ? null : failure(403, 'platform is not verified'));

  const bridge: SimulatedBridge = {
    calls,
    sim: {
      options: opts,
      setAircraft: (sn) => void (aircraftSn = sn),
      loadedComponents: () => [...components.keys()],
      token: () => token,
    },
    platformVerifyLicense(appId, appKey, appLicense) {
      record('platformVerifyLicense', [appId, appKey, appLicense]);
      if (opts.license === 'error') return failure(-1, 'license verification service unavailable');
      if (!appId || !appKey || !appLicense) return failure(2, 'appId, appKey and appLicense are required');
      verified = opts.license === 'ok';
      return answer(verified);
    },
    platformIsVerified() {
      record('platformIsVerified', []);
      return answer(verified);
    },
    platformSetWorkspaceId(workspaceId) {
      record('platformSetWorkspaceId', [workspaceId]);
      return needsLicence() ?? answer(null);
    },
    platformSetInformation(platformName, workspaceName, desc) {
      record('platformSetInformation', [platformName, workspaceName, desc]);
      return needsLicence() ?? answer(null);
    },
    platformGetRemoteControllerSN() {
      record('platformGetRemoteControllerSN', []);
      return answer(opts.remoteControllerSn);
    },
    platformGetAircraftSN() {
      record('platformGetAircraftSN', []);
      return answer(aircraftSn ?? '');
    },
    platformLoadComponent(name, param) {
      record('platformLoadComponent', [name, param]);
      const denied = needsLicence();
      if (denied) return denied;
      if (opts.failComponent === name) return failure(500, `failed to load the ${name} component`);
      let params: Record<string, unknown>;
      try {
        params = JSON.parse(param) as Record<string, unknown>;
      } catch {
        return failure(1, 'param is not JSON');
      }
      const refusal = loadRefusal(name, params, components, thingConnected);
      if (refusal) return failure(1, refusal);
      components.set(name, params);
      if (name === 'api') token = String(params.token);
      if (name === 'thing') reportConnection(params.connectCallback);
      if (name === 'ws') callBack(params.connectCallback, () => components.has('ws'));
      return answer(null);
    },
    platformIsComponentLoaded(name) {
      record('platformIsComponentLoaded', [name]);
      return answer(components.has(name));
    },
    platformUnloadComponent(name) {
      record('platformUnloadComponent', [name]);
      components.delete(name);
      if (name === 'thing') thingConnected = false;
      if (name === 'api') token = null;
      return answer(null);
    },
    apiSetToken(newToken) {
      record('apiSetToken', ['[token]']);
      token = newToken;
      return answer(null);
    },
    thingGetConnectState() {
      record('thingGetConnectState', []);
      return answer(thingConnected);
    },
    thingConnect(username, _password, callbackName) {
      record('thingConnect', [username, '[password]', callbackName]);
      if (!components.has('thing')) return failure(1, 'thing component is not loaded');
      reportConnection(callbackName);
      return answer(null);
    },
  };
  return bridge;
}

/**
 * Why Pilot 2 would refuse to load a component with these parameters (null: it loads): the api host must end in '/'
 * (DJI's demo), ws needs host and token, and map, tsa and mission need thing (connected), ws and api loaded first.
 */
function loadRefusal(name: string, params: Record<string, unknown>, loaded: ReadonlyMap<string, unknown>, thingConnected: boolean): string | null {
  const needs = (...names: string[]) => {
    const missing = names.filter((n) => !loaded.has(n) || (n === 'thing' && !thingConnected));
    return missing.length ? `${name} component needs ${missing.join(', ')} loaded first` : null;
  };
  switch (name) {
    case 'api':
      return typeof params.host === 'string' && params.host.endsWith('/') && params.token ? null : 'api component needs a host ending in / and a token';
    case 'thing':
      return params.host ? null : 'thing component needs host';
    case 'ws':
      return params.host && params.token ? null : 'ws component needs host and token';
    case 'map':
    case 'tsa':
    case 'mission':
      return needs('thing', 'ws', 'api');
    default:
      return null;
  }
}

/** Installs a simulated bridge as window.djiBridge (replacing any other) and returns it. */
export function installSimulatedBridge(options: SimulatedBridgeOptions = {}, win: Window = window): SimulatedBridge {
  const bridge = createSimulatedBridge(options, win);
  (win as Window & { djiBridge?: DjiBridgeRaw }).djiBridge = bridge;
  return bridge;
}

/**
 * The simulator's query flags, read from location.search (before the hash):
 * djibridge=sim turns it on; djiaircraft=none|<serial>; djilicense=refused|error; djicomponent=<name> (that
 * component fails to load); djithing=fail (the broker connection fails). Returns null without djibridge=sim.
 */
export function simulatorOptionsFromQuery(search: string): SimulatedBridgeOptions | null {
  const params = new URLSearchParams(search);
  if (params.get('djibridge') !== 'sim') return null;
  const options: SimulatedBridgeOptions = {};
  const aircraft = params.get('djiaircraft');
  if (aircraft) options.aircraftSn = aircraft === 'none' ? null : aircraft;
  const license = params.get('djilicense');
  if (license === 'refused' || license === 'error') options.license = license;
  const component = params.get('djicomponent');
  if (component && (COMPONENT_NAMES as readonly string[]).includes(component)) options.failComponent = component as ComponentName;
  if (params.get('djithing') === 'fail') options.thing = 'fail';
  return options;
}
