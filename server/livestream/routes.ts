import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cameraSchema,
  changeLiveInputSchema,
  deviceCameraSchema,
  liveStartedSchema,
  liveshareInputSchema,
  liveshareTargetSchema,
  stopLiveQuerySchema,
  startLiveInputSchema,
  type Camera,
} from '@shared/liveVideo';
import { writeAudit } from '../domain/audit';
import { findScopedRow, idParams } from '../api/crud';
import { scopeOf, withDataScope } from '../rbac/scopeQuery';
import { parseJson } from '../db/json';
import { envelopeSchema, HttpError, ok, rowNotFound } from '../http/envelope';
import { requirePermission } from '../rbac/permissions';
import { camerasOf, oneEntryPerVideo, type CameraDevice } from './cameras';
import { signPlay } from './playback';
import type { LiveHandle } from './plugin';
import type { LiveStreams } from './streams';

/** Default quality of a start: DJI's SD (1280×720, 1 Mbps). */
const DEFAULT_QUALITY = 2;

/**
 * The live video API (docs/live-video.md, docs/api.md "Live video"): a device's cameras (and the wall's: every online
 * one), start (or join), change and stop a stream. Everything needs device:read on a device in the caller's data scope: watching is reading.
 */
export default async function liveRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const db = appBase.db;
  const canRead = requirePermission(appBase, 'device:read');
  const canPilot = requirePermission(appBase, 'device:pilot');

  const liveOf = (): LiveHandle => {
    if (!appBase.live) throw new HttpError(409, 'The live channel is off: no live video', undefined, { code: 'live.link_unavailable' });
    return appBase.live;
  };

  /** The cameras of each device, from its gateway's live_capacity / live_status (the gateways' states read at once). */
  const camerasOfDevices = async (devices: readonly CameraDevice[]): Promise<Camera[][]> => {
    const gatewaySns = [...new Set(devices.map((d) => d.gateway_sn ?? d.serial))];
    const gateways = gatewaySns.length ? await db.selectFrom('devices').select(['serial', 'dji_state']).where('serial', 'in', gatewaySns).execute() : [];
    const stateOf = new Map(gateways.map((g) => [g.serial, parseJson<Record<string, unknown>>(g.dji_state, {})]));
    const streams = appBase.live?.streams;
    return devices.map((device) =>
      camerasOf(device.serial, device.kind !== 'aircraft', stateOf.get(device.gateway_sn ?? device.serial) ?? {}, (videoId) => streams?.view(videoId)),
    );
  };
  /** The device in the caller's scope and its cameras. */
  const deviceCameras = async (request: FastifyRequest, id: number) => {
    const device = await findScopedRow(db, 'devices', id, request);
    if (!device) throw rowNotFound('device', id);
    const [cameras] = await camerasOfDevices([device]);
    return { device, cameras };
  };
  const cameraOf = (cameras: Camera[], videoId: string): Camera => {
    const camera = cameras.find((c) => c.video_id === videoId);
    if (!camera) throw new HttpError(404, `The device has no video ${videoId}`, undefined, { code: 'live.unknown_video', params: { video_id: videoId } });
    return camera;
  };

  /** Runs a change of one of the device's videos (the device in the caller's scope), and answers the camera as it is then. */
  const onLiveCamera = async (request: FastifyRequest, id: number, videoId: string, change: (streams: LiveStreams, camera: Camera) => Promise<void>) => {
    const { streams } = liveOf();
    await change(streams, cameraOf((await deviceCameras(request, id)).cameras, videoId));
    return cameraOf((await deviceCameras(request, id)).cameras, videoId);
  };

  /**
   * Liveshare: the remote controller `gatewaySn` (in the caller's scope, online) and the camera its pilot publishes,
   * its aircraft's first camera in the controller's live_capacity (Pilot 2 shares what its camera view shows).
   */
  const liveshareCamera = async (request: FastifyRequest, gatewaySn: string) => {
    const controller = await withDataScope(
      db.selectFrom('devices').select(['id', 'name', 'serial', 'kind', 'gateway_sn']).where('serial', '=', gatewaySn).where('kind', '=', 'remote_controller'),
      'devices',
      scopeOf(request),
    ).executeTakeFirst();
    if (!controller) throw rowNotFound('device', gatewaySn);
    if (appBase.mqtt?.gateway.gatewayFor(controller.serial) !== controller.serial)
      throw new HttpError(409, `${controller.serial} is offline`, undefined, { code: 'live.device_offline', params: { sn: controller.serial } });
    const [cameras] = await camerasOfDevices([controller]);
    const camera = cameras.find((c) => c.sn !== controller.serial);
    if (!camera)
      throw new HttpError(409, `${controller.serial} reports no aircraft camera`, undefined, {
        code: 'live.no_aircraft_camera',
        params: { sn: controller.serial },
      });
    return { controller, camera };
  };

  app.post(
    '/Live/liveshare/',
    {
      schema: {
        tags: ['live'],
        summary: "Liveshare: an RTMP URL for the pilot's controller to push its aircraft's camera to (Pilot 2's liveshareSetConfig)",
        body: liveshareInputSchema,
        response: { 200: envelopeSchema(liveshareTargetSchema) },
      },
      preValidation: canPilot,
    },
    async (request) => {
      const live = liveOf();
      const { controller, camera } = await liveshareCamera(request, request.body.gateway_sn);
      const { stream, joined, expiresAt } = await live.streams.openLiveshare(controller.serial, camera.video_id);
      const expires_at = new Date(expiresAt).toISOString();
      await writeAudit(db, request, 'liveshare_start', 'device', controller.id, { video_id: camera.video_id, joined, expires_at });
      return ok({ video_id: camera.video_id, url: live.streams.pushUrl(stream.name), joined, expires_at });
    },
  );

  app.delete(
    '/Live/liveshare/',
    {
      schema: {
        tags: ['live'],
        summary: 'Liveshare: the pilot stopped publishing on the controller; the stream ends (its viewers see it end)',
        querystring: liveshareInputSchema,
        response: { 200: envelopeSchema(cameraSchema) },
      },
      preValidation: canPilot,
    },
    async (request) => {
      const { streams } = liveOf();
      const { controller, camera } = await liveshareCamera(request, request.query.gateway_sn);
      streams.endLiveshare(camera.video_id);
      await writeAudit(db, request, 'liveshare_stop', 'device', controller.id, { video_id: camera.video_id });
      const [cameras] = await camerasOfDevices([controller]);
      return ok(cameraOf(cameras, camera.video_id));
    },
  );

  app.get(
    '/Live/cameras/',
    {
      schema: {
        tags: ['live'],
        summary: "Every camera of the online devices in the caller's data scope (the video wall), each once, with the device to start it on",
        response: { 200: envelopeSchema(z.array(deviceCameraSchema)) },
      },
      preValidation: canRead,
    },
    async (request) => {
      const gateway = appBase.mqtt?.gateway;
      const scoped = await withDataScope(
        db.selectFrom('devices').select(['id', 'name', 'serial', 'kind', 'gateway_sn']).orderBy('id'),
        'devices',
        scopeOf(request),
      ).execute();
      const online = scoped.filter((device) => gateway?.gatewayFor(device.serial) !== undefined);
      const cameras = await camerasOfDevices(online);
      return ok(oneEntryPerVideo(online.flatMap((device, i) => cameras[i].map((camera) => ({ device, camera })))));
    },
  );

  app.get(
    '/Device/:id/cameras/',
    {
      schema: {
        tags: ['live'],
        summary: "The device's video sources (a gateway: its own and its aircraft's; an aircraft: its own) and their streams",
        params: idParams,
        response: { 200: envelopeSchema(z.array(cameraSchema)) },
      },
      preValidation: canRead,
    },
    async (request) => ok((await deviceCameras(request, request.params.id)).cameras),
  );

  app.post(
    '/Device/:id/live/',
    {
      schema: {
        tags: ['live'],
        summary: 'Start a camera stream (or join it when live): answers once the device replied, with signed play URLs',
        params: idParams,
        body: startLiveInputSchema,
        response: { 200: envelopeSchema(liveStartedSchema) },
      },
      preValidation: canRead,
    },
    async (request) => {
      const live = liveOf();
      const { device, cameras } = await deviceCameras(request, request.params.id);
      const camera = cameraOf(cameras, request.body.video_id);
      const gatewaySn = appBase.mqtt?.gateway.gatewayFor(camera.sn);
      if (!gatewaySn) throw new HttpError(409, `${camera.sn} is offline`, undefined, { code: 'live.device_offline', params: { sn: camera.sn } });
      const quality = request.body.quality ?? DEFAULT_QUALITY;
      const { stream, joined } = await live.streams.start(gatewaySn, camera.video_id, quality);
      const expiresAt = Math.floor(Date.now() / 1000) + live.config.playUrlTtlSeconds;
      const signed = signPlay(live.secret, stream.name, expiresAt);
      request.log.info({ device: device.serial, videoId: camera.video_id, joined, quality }, 'live: start');
      return ok({
        video_id: camera.video_id,
        play: {
          ...(live.media.flvUrl ? { flv: live.media.flvUrl(stream.name, signed) } : {}),
          ...(live.media.hlsUrl ? { hls: live.media.hlsUrl(stream.name, signed) } : {}),
        },
        expires_at: new Date(expiresAt * 1000).toISOString(),
        joined,
      });
    },
  );

  app.patch(
    '/Device/:id/live/',
    {
      schema: {
        tags: ['live'],
        summary: "Change a live stream's quality and/or lens (each through its service, answered once the device replied)",
        params: idParams,
        body: changeLiveInputSchema,
        response: { 200: envelopeSchema(cameraSchema) },
      },
      preValidation: canRead,
    },
    async (request) => {
      const { video_id: videoId, quality, lens } = request.body;
      return ok(
        await onLiveCamera(request, request.params.id, videoId, async (streams, camera) => {
          if (lens !== undefined && camera.switchable_video_types.length && !camera.switchable_video_types.includes(lens))
            throw new HttpError(
              400,
              `The camera cannot switch to ${lens}`,
              [{ field: 'lens', message: 'is not one of the camera lenses', code: 'live.lens_not_switchable', params: { lens } }],
              { code: 'live.lens_not_switchable', params: { lens } },
            );
          if (quality !== undefined) await streams.setQuality(videoId, quality);
          if (lens !== undefined) await streams.changeLens(videoId, lens);
        }),
      );
    },
  );

  app.delete(
    '/Device/:id/live/',
    {
      schema: {
        tags: ['live'],
        summary: 'Stop a live stream (live_stop_push); its viewers see it end',
        params: idParams,
        querystring: stopLiveQuerySchema,
        response: { 200: envelopeSchema(cameraSchema) },
      },
      preValidation: canRead,
    },
    async (request) => ok(await onLiveCamera(request, request.params.id, request.query.video_id, (streams) => streams.stop(request.query.video_id))),
  );
}
