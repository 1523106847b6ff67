import type { BridgeWindow } from './bridgePresence';
import type { CloudComponent } from './components';
import { parseLiveshareStatus, type LiveshareStatus, type VideoPublishType } from './liveshare';

/**
 * Typed adapter around window.djiBridge, the JS bridge DJI Pilot 2 injects into its Cloud API web view.
 *
 * Every bridge function is synchronous and answers a JSON string {code, message, data}; code 0 is success. The
 * adapter parses those strings and throws a BridgeError on any failure, so sagas deal with typed values only.
 * The bridge object itself never enters Redux: sagas reach it through getBridge().
 */

/** The raw functions of window.djiBridge this app uses (DJI Pilot 2 Cloud API JSBridge). */
export interface DjiBridgeRaw {
  platformVerifyLicense(appId: string, appKey: string, appLicense: string): string;
  platformIsVerified(): string;
  platformSetWorkspaceId(workspaceId: string): string;
  platformSetInformation(platformName: string, workspaceName: string, desc: string): string;
  platformGetRemoteControllerSN(): string;
  platformGetAircraftSN(): string;
  platformLoadComponent(name: string, param: string): string;
  platformIsComponentLoaded(name: string): string;
  platformUnloadComponent(name: string): string;
  apiSetToken(token: string): string;
  thingGetConnectState(): string;
  thingConnect(username: string, password: string, callbackName: string): string;
  // The liveshare component (DJI's JSBridge doc; the names as its web demo calls them).
  liveshareSetVideoPublishType(type: string): string;
  /** `type` is an Int (liveshare.ts LIVESHARE_TYPES), `params` a JSON string. */
  liveshareSetConfig(type: number, params: string): string;
  liveshareGetStatus(): string;
  liveshareStartLive(): string;
  liveshareStopLive(): string;
}

/**
 * DJI's JSBridge doc lists setVideoPublishType on `window.liveshare` ("window.liveshare.setVideoPublishType"), where
 * every other call is on window.djiBridge; DJI's web demo calls `djiBridge.liveshareSetVideoPublishType`. Which one
 * Pilot 2 injects is not verified: the adapter uses the bridge's and falls back to the doc's.
 */
export type LiveshareWindow = Window & { liveshare?: { setVideoPublishType?: (type: string) => string } };

export type BridgeMethod = keyof DjiBridgeRaw;

/**
 * missing: no window.djiBridge; malformed: the answer is not a {code, message, data} JSON string or its data has the
 * wrong type; failed: code ≠ 0; refused: the call worked but said no (licence not accepted); thrown: the bridge threw.
 */
export type BridgeErrorKind = 'missing' | 'malformed' | 'failed' | 'refused' | 'thrown';

export class BridgeError extends Error {
  /** What the bridge said (a failed call's `message`, '' when none) or the thrown error's text; `message` is for logs. */
  readonly bridgeMessage: string;

  constructor(
    readonly kind: BridgeErrorKind,
    readonly method: BridgeMethod | null,
    message: string,
    readonly code: number | null = null,
    bridgeMessage?: string,
  ) {
    super(message);
    this.name = 'BridgeError';
    this.bridgeMessage = bridgeMessage ?? message;
  }
}

/** A BridgeError as plain data, for the controller slice. */
export interface BridgeFailure {
  kind: BridgeErrorKind;
  method: BridgeMethod | null;
  code: number | null;
  /** BridgeError's bridgeMessage: Pilot 2's own text of a failed call ('' when none), or a thrown error's. */
  message: string;
}

export function toBridgeFailure(error: unknown): BridgeFailure {
  if (error instanceof BridgeError) return { kind: error.kind, method: error.method, code: error.code, message: error.bridgeMessage };
  return { kind: 'thrown', method: null, code: null, message: error instanceof Error ? error.message : String(error) };
}

export interface BridgeResponse {
  code: number;
  message: string;
  data: unknown;
}

/** Parses one bridge answer; throws BridgeError('malformed') if it is not {code:number, message?, data?} JSON. */
export function parseBridgeResponse(method: BridgeMethod, raw: unknown): BridgeResponse {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new BridgeError('malformed', method, `${method} answered something that is not JSON: ${raw.slice(0, 80)}`);
    }
  }
  if (!value || typeof value !== 'object' || typeof (value as { code?: unknown }).code !== 'number') {
    throw new BridgeError('malformed', method, `${method} answered without a numeric code`);
  }
  const { code, message, data } = value as { code: number; message?: unknown; data?: unknown };
  return { code, message: typeof message === 'string' ? message : '', data: data ?? null };
}

/** The data of a successful answer; BridgeError('failed') for code ≠ 0. */
export function bridgeData(method: BridgeMethod, raw: unknown): unknown {
  const response = parseBridgeResponse(method, raw);
  if (response.code !== 0)
    throw new BridgeError('failed', method, response.message || `${method} failed with code ${response.code}`, response.code, response.message);
  return response.data;
}

/** Booleans arrive as true/false, and from some firmware as "true"/"false" or 1/0. */
export function asBoolean(method: BridgeMethod, data: unknown): boolean {
  if (typeof data === 'boolean') return data;
  if (data === 'true' || data === 1 || data === '1') return true;
  if (data === 'false' || data === 0 || data === '0') return false;
  throw new BridgeError('malformed', method, `${method} answered ${JSON.stringify(data)} where a boolean was expected`);
}

/** A serial number, or null when nothing is bound (empty string / null). */
export function asSerial(method: BridgeMethod, data: unknown): string | null {
  if (data === null || data === '') return null;
  if (typeof data === 'string') return data.trim() || null;
  throw new BridgeError('malformed', method, `${method} answered ${JSON.stringify(data)} where a serial number was expected`);
}

export type ComponentName = 'thing' | 'api' | 'ws' | 'map' | 'tsa' | 'media' | 'mission' | 'liveshare';

export interface ThingComponentParams {
  host: string;
  username: string;
  password: string;
  /** Name of a global function the bridge calls with true/false when the broker connection changes. */
  connectCallback: string;
}

/** Global function the thing component reports its broker connection to. */
export const THING_CONNECT_CALLBACK = 'skylineThingConnectCallback';

/** The typed bridge: every method throws BridgeError on failure. */
export interface DjiBridge {
  /** Resolves when the licence is accepted; BridgeError('refused') when the bridge says no. */
  verifyLicense(appId: string, appKey: string, appLicense: string): void;
  isVerified(): boolean;
  setWorkspaceId(workspaceId: string): void;
  setInformation(platformName: string, workspaceName: string, desc: string): void;
  getRemoteControllerSn(): string | null;
  getAircraftSn(): string | null;
  loadThingComponent(params: ThingComponentParams): void;
  /** platformLoadComponent(name, param) of a cloud component (components.ts says which, with which param). */
  loadComponent(name: CloudComponent, params: Record<string, unknown>): void;
  isComponentLoaded(name: ComponentName): boolean;
  unloadComponent(name: ComponentName): void;
  setApiToken(token: string): void;
  thingIsConnected(): boolean;
  thingConnect(username: string, password: string, callbackName: string): void;
  liveshareSetVideoPublishType(type: VideoPublishType): void;
  /** liveshareSetConfig(type, params) with `params` as the JSON string DJI expects (liveshare.ts rtmpConfig). */
  liveshareSetConfig(config: { type: number; params: string }): void;
  /** BridgeError('malformed') when the answer is no status. */
  liveshareGetStatus(): LiveshareStatus;
  liveshareStartLive(): void;
  liveshareStopLive(): void;
}

export function createBridge(raw: DjiBridgeRaw, win: Window | null = null): DjiBridge {
  const call = (method: BridgeMethod, target: object | undefined, fn: unknown, args: Array<string | number>): unknown => {
    if (typeof fn !== 'function') throw new BridgeError('missing', method, `djiBridge.${method} is not available`);
    let answer: unknown;
    try {
      answer = (fn as (...a: Array<string | number>) => unknown).apply(target, args);
    } catch (error) {
      throw new BridgeError('thrown', method, `djiBridge.${method} threw: ${error instanceof Error ? error.message : String(error)}`);
    }
    return bridgeData(method, answer);
  };
  const invoke = (method: BridgeMethod, ...args: Array<string | number>): unknown => call(method, raw, raw[method], args);
  return {
    verifyLicense(appId, appKey, appLicense) {
      const accepted = asBoolean('platformVerifyLicense', invoke('platformVerifyLicense', appId, appKey, appLicense));
      if (!accepted) throw new BridgeError('refused', 'platformVerifyLicense', 'The licence was not accepted');
    },
    isVerified: () => asBoolean('platformIsVerified', invoke('platformIsVerified')),
    setWorkspaceId: (workspaceId) => void invoke('platformSetWorkspaceId', workspaceId),
    setInformation: (platformName, workspaceName, desc) => void invoke('platformSetInformation', platformName, workspaceName, desc),
    getRemoteControllerSn: () => asSerial('platformGetRemoteControllerSN', invoke('platformGetRemoteControllerSN')),
    getAircraftSn: () => asSerial('platformGetAircraftSN', invoke('platformGetAircraftSN')),
    loadThingComponent: (params) => void invoke('platformLoadComponent', 'thing', JSON.stringify(params)),
    loadComponent: (name, params) => void invoke('platformLoadComponent', name, JSON.stringify(params)),
    isComponentLoaded: (name) => asBoolean('platformIsComponentLoaded', invoke('platformIsComponentLoaded', name)),
    unloadComponent: (name) => void invoke('platformUnloadComponent', name),
    setApiToken: (token) => void invoke('apiSetToken', token),
    thingIsConnected: () => asBoolean('thingGetConnectState', invoke('thingGetConnectState')),
    thingConnect: (username, password, callbackName) => void invoke('thingConnect', username, password, callbackName),
    liveshareSetVideoPublishType: (type) => {
      const docForm = (win as LiveshareWindow | null)?.liveshare;
      if (typeof raw.liveshareSetVideoPublishType !== 'function' && docForm)
        return void call('liveshareSetVideoPublishType', docForm, docForm.setVideoPublishType, [type]);
      invoke('liveshareSetVideoPublishType', type);
    },
    liveshareSetConfig: ({ type, params }) => void invoke('liveshareSetConfig', type, params),
    liveshareGetStatus: () => {
      const status = parseLiveshareStatus(invoke('liveshareGetStatus'));
      if (!status) throw new BridgeError('malformed', 'liveshareGetStatus', 'liveshareGetStatus answered no live status');
      return status;
    },
    liveshareStartLive: () => void invoke('liveshareStartLive'),
    liveshareStopLive: () => void invoke('liveshareStopLive'),
  };
}

/** The typed bridge over window.djiBridge; BridgeError('missing') outside the remote controller. */
export function getBridge(win: Window = window): DjiBridge {
  const raw = (win as BridgeWindow).djiBridge;
  if (!raw) throw new BridgeError('missing', null, 'window.djiBridge is not available: not running on the remote controller');
  return createBridge(raw, win);
}
