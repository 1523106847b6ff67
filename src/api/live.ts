import type { Camera, DeviceCamera, LiveStarted, LiveshareTarget } from '@shared/liveVideo';
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

/** Liveshare (/djiapp): the RTMP URL the pilot's controller `gatewaySn` pushes its aircraft's camera to. */
export const requestLiveshare = (client: HttpClient, gatewaySn: string) =>
  client.request<LiveshareTarget>('POST', '/Live/liveshare/', { body: { gateway_sn: gatewaySn } });

/** Liveshare: the pilot stopped publishing; the stream ends. */
export const endLiveshare = (client: HttpClient, gatewaySn: string) =>
  client.request<Camera>('DELETE', '/Live/liveshare/', { query: { gateway_sn: gatewaySn } });
