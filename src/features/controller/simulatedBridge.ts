import type { DjiBridgeRaw } from './bridge';

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
  failComponent?: 'thing' | 'api' | null;
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

  const reportConnection = (callbackName: string | undefined) => {
    const connected = opts.thing === 'ok';
    setTimeout(() => {
      thingConnected = connected && components.has('thing');
      const callback = callbackName ? (win as unknown as Record<string, unknown>)[callbackName] : undefined;
      if (typeof callback === 'function') callback(thingConnected);
    }, opts.connectDelayMs);
  };

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
      if (name === 'api' && (!params.host || !params.token)) return failure(1, 'api component needs host and token');
      if (name === 'thing' && !params.host) return failure(1, 'thing component needs host');
      components.set(name, params);
      if (name === 'api') token = String(params.token);
      if (name === 'thing') reportConnection(typeof params.connectCallback === 'string' ? params.connectCallback : undefined);
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

/** Installs a simulated bridge as window.djiBridge (replacing any other) and returns it. */
export function installSimulatedBridge(options: SimulatedBridgeOptions = {}, win: Window = window): SimulatedBridge {
  const bridge = createSimulatedBridge(options, win);
  (win as Window & { djiBridge?: DjiBridgeRaw }).djiBridge = bridge;
  return bridge;
}

/**
 * The simulator's query flags, read from location.search (before the hash):
 * djibridge=sim turns it on; djiaircraft=none|<serial>; djilicense=refused|error; djicomponent=thing|api (fails to
 * load); djithing=fail (the broker connection fails). Returns null without djibridge=sim.
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
  if (component === 'thing' || component === 'api') options.failComponent = component;
  if (params.get('djithing') === 'fail') options.thing = 'fail';
  return options;
}
