import { liveCapacitySchema, liveStatusSchema, videoIdOf, type LiveStatusEntry } from '@shared/dji/livestream';
import type { Camera, DeviceCamera } from '@shared/liveVideo';

/** What the platform knows of one stream of its own (LiveStreams), merged over the device's live_status. */
export interface StreamView {
  status: Camera['live']['status'];
  quality: number | null;
  lens: string | null;
  viewers: number;
  endedReason: Camera['live']['ended_reason'];
}

/**
 * The cameras of `deviceSn` from its gateway's state (`live_capacity`, `live_status`): a gateway has all of its
 * video sources (its own and its aircraft's), an aircraft only its own. Unreadable properties count as none.
 */
export function camerasOf(
  deviceSn: string,
  isGateway: boolean,
  gatewayState: Record<string, unknown>,
  streamOf: (videoId: string) => StreamView | undefined,
): Camera[] {
  const capacity = liveCapacitySchema.safeParse(gatewayState.live_capacity);
  if (!capacity.success) return [];
  const statusList = liveStatusSchema.safeParse(gatewayState.live_status);
  const statusOf = new Map<string, LiveStatusEntry>((statusList.success ? statusList.data : []).map((s) => [s.video_id, s]));
  const cameras: Camera[] = [];
  for (const source of capacity.data.device_list) {
    if (!isGateway && source.sn !== deviceSn) continue;
    for (const camera of source.camera_list)
      for (const video of camera.video_list) {
        const videoId = videoIdOf(source.sn, camera.camera_index, video.video_index);
        const reported = statusOf.get(videoId);
        const ours = streamOf(videoId);
        const deviceLive = reported?.status === 1;
        cameras.push({
          video_id: videoId,
          sn: source.sn,
          camera_index: camera.camera_index,
          video_index: video.video_index,
          video_type: ours?.lens ?? reported?.video_type ?? video.video_type ?? null,
          switchable_video_types: video.switchable_video_types ?? [],
          live: {
            status: ours?.status ?? (deviceLive ? 'live' : 'idle'),
            quality: ours?.quality ?? reported?.video_quality ?? null,
            error: reported?.error_status ?? null,
            viewers: ours?.viewers ?? 0,
            ended_reason: ours?.endedReason ?? null,
          },
        });
      }
  }
  return cameras;
}

/** A device as the camera lists name it. */
export interface CameraDevice {
  id: number;
  name: string;
  serial: string;
  kind: string;
  gateway_sn: string | null;
}

/**
 * Each video once (a dock lists its aircraft's camera too), under the device that is its source when it is listed,
 * else under the first gateway listing it: the device a start goes to.
 */
export function oneEntryPerVideo(entries: ReadonlyArray<{ device: CameraDevice; camera: Camera }>): DeviceCamera[] {
  const byVideo = new Map<string, { device: CameraDevice; camera: Camera }>();
  for (const entry of entries) {
    const held = byVideo.get(entry.camera.video_id);
    if (!held || (held.device.serial !== held.camera.sn && entry.device.serial === entry.camera.sn)) byVideo.set(entry.camera.video_id, entry);
  }
  return [...byVideo.values()].map(({ device, camera }) => ({ ...camera, device_id: device.id, device_name: device.name }));
}
