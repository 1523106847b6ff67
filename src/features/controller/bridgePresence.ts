import type { DjiBridgeRaw } from './bridge';

// Apart from bridge.ts: the first paint asks only this, and the bridge's code loads with the controller pages.

export type BridgeWindow = Window & { djiBridge?: DjiBridgeRaw };

/** Whether the page runs inside the remote controller's app (which provides window.djiBridge). */
export const insideControllerBridge = (win: Window | null | undefined = globalThis.window) => Boolean(win && (win as BridgeWindow).djiBridge);
