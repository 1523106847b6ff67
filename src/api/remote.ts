import type { DebugCommand, DebugJob, DebugView } from '@shared/dji/remoteDebug';
import type { HttpClient } from './client';

/** The remote operations endpoints (docs/remote.md): a dock's debugging view and its debug services. */
export const fetchDockDebug = (client: HttpClient, deviceId: number) => client.request<DebugView>('GET', `/Device/${deviceId}/debug/`);

export const sendDebugCommand = (client: HttpClient, deviceId: number, body: DebugCommand) =>
  client.request<DebugJob>('POST', `/Device/${deviceId}/debug/`, { body });
