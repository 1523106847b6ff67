import type { ComponentName } from './bridge';

/**
 * Which of DJI Pilot 2's JSBridge components the /djiapp page loads, in which order and with which parameters
 * (shared/spec/dji-cloud-api-next.md §3, DJI's JSBridge doc and demo): `api` {host, token} first (Pilot 2 calls the
 * cloud's HTTPS interfaces with it); `thing` (the broker) is loaded by the sign-in; once `thing` is connected:
 * `liveshare`, `ws` {host, token, connectCallback}, `map` {userName, elementPreName}, `tsa`, `media`, `mission`.
 * `map`, `tsa` and `mission` need `thing`, `ws` and `api`. Pure: the saga asks the bridge what is loaded and loads
 * what this plan says.
 */

/** The components the page loads besides `thing`, in DJI's order. */
export const CLOUD_COMPONENTS = ['api', 'liveshare', 'ws', 'map', 'tsa', 'media', 'mission'] as const;
export type CloudComponent = (typeof CLOUD_COMPONENTS)[number];

/** What each needs loaded first (besides a connected `thing`, which all but `api` need). */
const NEEDS: Record<CloudComponent, readonly CloudComponent[]> = {
  api: [],
  liveshare: [],
  ws: ['api'],
  map: ['api', 'ws'],
  tsa: ['api', 'ws'],
  media: ['api'],
  mission: ['api', 'ws'],
};

/** Global function the ws component reports its connection to (true/false). */
export const WS_CONNECT_CALLBACK = 'skylineWsConnectCallback';
/** Global function the liveshare component reports its live status to. */
export const LIVESHARE_STATUS_CALLBACK = 'skylineLiveshareStatusCallback';
/** Prefix of the names Pilot 2 gives the elements a pilot draws. */
export const ELEMENT_NAME_PREFIX = 'PILOT';
/** The WebSocket path of Pilot 2's `ws` component (server/pilot/ws.ts). */
export const PILOT_WS_PATH = '/api/v1/ws';

export interface ComponentContext {
  /** The page's origin (`https://host:port`): the cloud Pilot 2 talks to. */
  origin: string;
  token: string;
  /** The pilot's name on elements it draws. */
  userName: string;
  /** The thing component's broker connection is up. */
  thingConnected: boolean;
  /** The components the bridge says are loaded. */
  loaded: ReadonlySet<ComponentName>;
  /** Components that failed to load in this round: what needs them is not tried. */
  failed?: ReadonlySet<ComponentName>;
}

export interface ComponentStep {
  name: CloudComponent;
  param: Record<string, unknown>;
}

/** `https://h` → `wss://h`, `http://h` → `ws://h`. */
const wsOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/** The parameters of `platformLoadComponent(name, param)`. */
export function componentParam(name: CloudComponent, ctx: Pick<ComponentContext, 'origin' | 'token' | 'userName'>): Record<string, unknown> {
  switch (name) {
    case 'api':
      // DJI's demo requires the host to end in '/'.
      return { host: `${ctx.origin}/`, token: ctx.token };
    case 'liveshare':
      return { videoPublishType: 'video-on-demand', statusCallback: LIVESHARE_STATUS_CALLBACK };
    case 'ws':
      return { host: `${wsOrigin(ctx.origin)}${PILOT_WS_PATH}`, token: ctx.token, connectCallback: WS_CONNECT_CALLBACK };
    case 'map':
      return { userName: ctx.userName, elementPreName: ELEMENT_NAME_PREFIX };
    case 'media':
      // Photos as originals and videos go up on their own (issue 31's media library takes them).
      return { autoUploadPhoto: true, autoUploadPhotoType: 0, autoUploadVideo: true };
    case 'tsa':
    case 'mission':
      return {};
  }
}

/** The components to load now, in order: those not loaded whose needs are (or will be, earlier in the plan) met. */
export function componentPlan(ctx: ComponentContext): ComponentStep[] {
  const ready = new Set<ComponentName>(ctx.loaded);
  const steps: ComponentStep[] = [];
  for (const name of CLOUD_COMPONENTS) {
    if (ctx.loaded.has(name)) continue;
    if (name !== 'api' && !ctx.thingConnected) continue;
    if (ctx.failed?.has(name) || NEEDS[name].some((need) => !ready.has(need))) continue;
    steps.push({ name, param: componentParam(name, ctx) });
    ready.add(name);
  }
  return steps;
}
