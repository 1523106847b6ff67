import type { ComponentName, DjiBridgeRaw } from './bridge';
import { LIVESHARE_TYPES, VIDEO_PUBLISH_TYPES, type LiveshareStatus } from './liveshare';

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
  /** Delay before the thing component calls its connect callback (ms); a liveshare start goes live after it too. */
  connectDelayMs?: number;
  /** false: Pilot 2 is not on the camera view, so liveshareStartLive answers 613006. */
  cameraView?: boolean;
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
    setCameraView(shown: boolean): void;
    loadedComponents(): string[];
    token(): string | null;
    /** What liveshareSetConfig set last: the type and its params (the RTMP URL), or null. */
    liveshareConfig(): { type: number; params: Record<string, unknown> } | null;
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
  cameraView: true,
};

/** Pilot 2's live error codes (613xxx, shared/dji/liveErrors.ts). */
const LIVE_NO_AIRCRAFT = 613001;
const LIVE_ALREADY = 613003;
const LIVE_NOT_IN_CAMERA_VIEW = 613006;
const LIVE_NO_STREAM = 613011;
const LIVE_BAD_PARAMETERS = 613014;
/** How often Pilot 2 reports a running push's figures to the statusCallback (ms), and what it reports then. */
const LIVESHARE_REPORT_MS = 1000;
const LIVING: Omit<LiveshareStatus, 'type' | 'status'> = { fps: 30, videoBitRate: 2048, audioBitRate: 0, rtt: 40, quality: 2, jitter: 3, dropRate: 0 };
const NO_FIGURES: Omit<LiveshareStatus, 'type' | 'status'> = { fps: -1, videoBitRate: -1, audioBitRate: -1, rtt: -1, quality: -1, jitter: -1, dropRate: -1 };

const answer = (data: unknown, code = 0, message = 'success') => JSON.stringify({ code, message, data });
const failure = (code: number, message: string) => answer(null, code, message);

export function createSimulatedBridge(options: SimulatedBridgeOptions = {}, win: Window = window): SimulatedBridge {
  const opts: Required<SimulatedBridgeOptions> = { ...DEFAULTS, ...options };
  const calls: SimulatedBridgeCall[] = [];
  let verified = false;
  let aircraftSn = opts.aircraftSn;
  let token: string | null = null;
  let thingConnected = false;
  let cameraView = opts.cameraView;
  const components = new Map<string, Record<string, unknown>>();
  /** The liveshare component: its config, publish type and push (status 0 disconnected, 1 connected, 2 living). */
  let liveConfig: { type: number; params: Record<string, unknown> } | null = null;
  let liveStatus = 0;
  let liveTimer: ReturnType<typeof setInterval> | null = null;

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
  const needsLiveshare = () => needsLicence() ?? (components.has('liveshare') ? null : failure(1, 'liveshare component is not loaded'));

  const liveshareStatus = (): LiveshareStatus => ({
    type: liveConfig?.type ?? LIVESHARE_TYPES.unknown,
    status: liveStatus,
    ...(liveStatus === 2 ? LIVING : NO_FIGURES),
  });
  /** Reports the live status to the component's statusCallback, as Pilot 2 does on each change and while it pushes. */
  const reportLive = () => {
    const name = components.get('liveshare')?.statusCallback;
    const callback = typeof name === 'string' ? (win as unknown as Record<string, unknown>)[name] : undefined;
    if (typeof callback === 'function') callback(liveshareStatus());
  };
  const endLive = () => {
    if (liveTimer) clearInterval(liveTimer);
    liveTimer = null;
    liveStatus = 0;
  };

  const bridge: SimulatedBridge = {
    calls,
    sim: {
      options: opts,
      setAircraft: (sn) => void (aircraftSn = sn),
      setCameraView: (shown) => void (cameraView = shown),
      loadedComponents: () => [...components.keys()],
      token: () => token,
      liveshareConfig: () => liveConfig,
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
      if (name === 'liveshare') endLive();
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
    liveshareSetVideoPublishType(type) {
      record('liveshareSetVideoPublishType', [type]);
      const denied = needsLiveshare();
      if (denied) return denied;
      if (!(VIDEO_PUBLISH_TYPES as readonly string[]).includes(type)) return failure(LIVE_BAD_PARAMETERS, `unknown video publish type ${type}`);
      components.set('liveshare', { ...components.get('liveshare'), videoPublishType: type });
      return answer(true);
    },
    liveshareSetConfig(type, params) {
      record('liveshareSetConfig', [type, params]);
      const denied = needsLiveshare();
      if (denied) return denied;
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(params) as Record<string, unknown>;
      } catch {
        return failure(LIVE_BAD_PARAMETERS, 'params is not JSON');
      }
      if (type === LIVESHARE_TYPES.rtmp && !(typeof parsed.url === 'string' && /^rtmp:\/\/[^/]+\/.+\/.+/.test(parsed.url)))
        return failure(LIVE_BAD_PARAMETERS, 'RTMP needs params {url: "rtmp://host/app/stream"}');
      if (!Object.values(LIVESHARE_TYPES).includes(type as never) || type === LIVESHARE_TYPES.unknown)
        return failure(LIVE_BAD_PARAMETERS, `unknown live type ${type}`);
      liveConfig = { type, params: parsed };
      return answer(null);
    },
    liveshareGetStatus() {
      record('liveshareGetStatus', []);
      // Pilot 2 answers the status as a JSON string inside the answer's data (DJI's demo parses it twice).
      return needsLiveshare() ?? answer(JSON.stringify(liveshareStatus()));
    },
    liveshareStartLive() {
      record('liveshareStartLive', []);
      const denied = needsLiveshare();
      if (denied) return denied;
      if (!aircraftSn) return failure(LIVE_NO_AIRCRAFT, 'no aircraft');
      if (!liveConfig) return failure(LIVE_BAD_PARAMETERS, 'set the live config first');
      if (!cameraView) return failure(LIVE_NOT_IN_CAMERA_VIEW, 'not in camera view');
      if (liveStatus !== 0) return failure(LIVE_ALREADY, 'already live');
      // The push connects, then goes live and reports its figures every second (no video leaves a browser tab).
      liveStatus = 1;
      reportLive();
      setTimeout(() => {
        if (liveStatus !== 1) return;
        liveStatus = 2;
        reportLive();
        liveTimer = setInterval(reportLive, LIVESHARE_REPORT_MS);
      }, opts.connectDelayMs);
      return answer(true);
    },
    liveshareStopLive() {
      record('liveshareStopLive', []);
      const denied = needsLiveshare();
      if (denied) return denied;
      if (liveStatus === 0) return failure(LIVE_NO_STREAM, 'no live stream');
      endLive();
      reportLive();
      return answer(true);
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
 * component fails to load); djithing=fail (the broker connection fails); djicameraview=off (Pilot 2 is not on the
 * camera view: a liveshare start answers 613006). Returns null without djibridge=sim.
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
  if (params.get('djicameraview') === 'off') options.cameraView = false;
  return options;
}
