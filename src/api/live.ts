import type { Camera, DeviceCamera, LiveStarted } from '@shared/liveVideo';
import type { HttpClient } from './client';

/** The live video endpoints (docs/live-video.md): a device's cameras, start (or join), change and stop a stream. */
export const fetchCameras = (client: HttpClient, deviceId: number) => client.request<Camera[]>('GET', `/Device/${deviceId}/cameras/`);

/** Every online camera the user may see (the video wall). */
export const fetchWallCameras = (client: HttpClient) => client.request<DeviceCamera[]>('GET', '/Live/cameras/');

export const startLive = (client: HttpClient, deviceId: number, body: { video_id: string; quality?: number }) =>
  client.request<LiveStarted>('POST', `/Device/${deviceId}/live/`, { body });

export const changeLive = (client: HttpClient, deviceId: number, body: { video_id: string; quality?: number; lens?: string }) =>
  client.request<Camera>('PATCH', `/Device/${deviceId}/live/`, { body });

export const stopLive = (client: HttpClient, deviceId: number, videoId: string) =>
  client.request<Camera>('DELETE', `/Device/${deviceId}/live/`, { query: { video_id: videoId } });
