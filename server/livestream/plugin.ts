import type { FastifyInstance, FastifyReply } from 'fastify';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LiveConfig } from '../config';
import { masterPlaylist } from './hls';
import { embeddedMedia, externalMedia, type LiveMedia } from './media';
import { verifyPlay, type PlayVerdict } from './playback';
import { LiveRecordings } from './recording';
import { LiveStreams } from './streams';

export interface LiveHandle {
  streams: LiveStreams;
  /** The recordings of flying tasks' streams (embedded ingest only). */
  recordings: LiveRecordings | null;
  media: LiveMedia;
  /** Signs play URLs (the server's token secret). */
  secret: string;
  config: LiveConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live video; null while the live channel is off (MQTT_ENABLED=0) or before the server is ready. */
    live: LiveHandle | null;
  }
}

const streamNameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const nameParams = z.object({ name: streamNameSchema });
const hlsFileParams = z.object({ name: streamNameSchema, file: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/) });
/** What nginx-rtmp (form fields) or SRS (JSON) send their callbacks: the stream name and the play URL's query; MediaMTX's
 * runOnUnread command the stream's path ({app}/{name}). */
const hookBody = z.looseObject({
  name: z.string().optional(),
  stream: z.string().optional(),
  path: z.string().optional(),
  exp: z.string().optional(),
  sig: z.string().optional(),
});
/** MediaMTX's authHTTPAddress request (its other fields, user, password, ip, id, protocol, are not used). */
const mediamtxBody = z.looseObject({ action: z.string(), path: z.string(), query: z.string().optional() });
/** The stream a callback names: `name`, `stream`, or the last part of `path`. */
const hookStreamName = (body: { name?: string; stream?: string; path?: string }) =>
  body.name ?? body.stream ?? body.path?.slice(body.path.lastIndexOf('/') + 1) ?? '';

const PLAY_REFUSALS: Record<Exclude<PlayVerdict, 'ok'>, string> = {
  unsigned: 'The play URL is not signed',
  bad_signature: 'The play URL signature does not match',
  expired: 'The play URL has expired',
};

/**
 * Live video (docs/live-video.md): the streams service on the DJI device link, the media server (the embedded RTMP
 * ingest, or an external one), the play routes for signed URLs (HTTP-FLV `/live/{name}.flv`, HLS
 * `/live/{name}/index.m3u8` and its session's LL-HLS playlist, parts and segments), the recordings of flying tasks' streams and the
 * external media server's publish/play callbacks under `/live/hooks/`. The API routes are in ./routes.ts.
 */
export default fp(
  async (appBase: FastifyInstance, options: { config: LiveConfig; secret: string }) => {
    const app = appBase.withTypeProvider<ZodTypeProvider>();
    const { config, secret } = options;
    app.decorate('live', null);
    const log = app.log.child({ module: 'live' });
    const media =
      config.rtmpPublicUrl && (config.externalPlayUrl || config.externalHlsUrl)
        ? externalMedia(config, config.rtmpPublicUrl)
        : embeddedMedia(config, app.config.missions.publicUrl, log);
    let sweep: NodeJS.Timeout | undefined;

    app.addHook('onReady', async () => {
      const gateway = appBase.mqtt?.gateway;
      if (!gateway) return;
      let recordings: LiveRecordings | null = null;
      const streams = new LiveStreams({
        link: gateway,
        media,
        replyTimeoutMs: config.replyTimeoutMs,
        idleStopMs: config.idleStopMs,
        liveshareTtlMs: config.liveshareTtlMs,
        held: (videoId) => recordings?.records(videoId) ?? false,
        log,
      });
      if (media.ingest)
        recordings = new LiveRecordings({
          db: app.db,
          ingest: media.ingest,
          streams: () => streams.live(),
          media: appBase.media,
          directory: path.join(app.config.dataDir, 'recordings'),
          log,
        });
      // A recording ends before the flight's landing is detected: its record is linked once written.
      appBase.flightRecords?.onRecorded(
        ({ id }) => void appBase.media?.linkFlightRecord(id).catch((error: unknown) => log.warn({ err: error }, 'live: linking a record failed')),
      );
      app.live = { streams, recordings, media, secret, config };
      const tick = async () => {
        media.hls?.sweep();
        await streams.sweep();
        await recordings?.sync();
      };
      sweep = setInterval(() => void tick().catch((error: unknown) => log.warn({ err: error }, 'live: sweep failed')), config.sweepMs);
      sweep.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      await app.live?.recordings?.close();
      app.live?.streams.close();
      await media.stop();
    });

    /** Whether a play of `name` with this signed query is allowed: a live stream and a valid, unexpired signature. */
    const playVerdict = (name: string, exp: unknown, sig: unknown): { ok: true } | { ok: false; status: number; message: string } => {
      if (!app.live?.streams.byName(name)) return { ok: false, status: 404, message: 'No such live stream' };
      const verdict = verifyPlay(secret, name, exp, sig, Math.floor(Date.now() / 1000));
      return verdict === 'ok' ? { ok: true } : { ok: false, status: 403, message: PLAY_REFUSALS[verdict] };
    };
    const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).type('text/plain').send(message);

    const ingest = media.ingest;
    if (ingest)
      app.get('/live/:name.flv', { schema: { hide: true, params: nameParams } }, async (request, reply) => {
        const { name } = request.params;
        const query = request.query as Record<string, unknown>;
        const verdict = playVerdict(name, query.exp, query.sig);
        if (!verdict.ok) return refuse(reply, verdict.status, verdict.message);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, { 'Content-Type': 'video/x-flv', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
        raw.socket?.setNoDelay(true);
        const detach = ingest.attach(name, raw);
        if (!detach) return raw.end();
        raw.on('close', detach);
      });

    const hls = media.hls;
    if (hls) {
      const mpegUrl = 'application/vnd.apple.mpegurl';
      // A signed play URL opens a viewer session: the master playlist names the session's live playlist.
      app.get('/live/:name/index.m3u8', { schema: { hide: true, params: nameParams } }, async (request, reply) => {
        const { name } = request.params;
        const query = request.query as Record<string, unknown>;
        const verdict = playVerdict(name, query.exp, query.sig);
        if (!verdict.ok) return refuse(reply, verdict.status, verdict.message);
        const sid = hls.open(name);
        if (!sid) return refuse(reply, 404, 'No such live stream');
        return reply.type(mpegUrl).header('Cache-Control', 'no-store').send(masterPlaylist(sid));
      });
      app.get('/live/:name/:file', { schema: { hide: true, params: hlsFileParams } }, async (request, reply) => {
        const { name, file } = request.params;
        const answer = await hls.request(name, file, request.query as Record<string, unknown>);
        if (answer.status !== 200) return refuse(reply, answer.status, answer.message);
        return reply.type(answer.type).header('Cache-Control', 'no-store').send(answer.body);
      });
    }

    // The external media server's callbacks (form fields from nginx-rtmp, JSON from others): 2xx allows, anything else refuses.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      const hooks = scope.withTypeProvider<ZodTypeProvider>();
      const allowPublish = (reply: FastifyReply, name: string) =>
        app.live?.streams.mayPublish(name) ? reply.code(200).send('ok') : refuse(reply, 403, 'Unknown or ended stream name, or its push URL expired');
      const allowPlay = (reply: FastifyReply, name: string, exp: unknown, sig: unknown) => {
        const verdict = playVerdict(name, exp, sig);
        if (!verdict.ok) return refuse(reply, verdict.status, verdict.message);
        media.countViewer?.(name, 1);
        return reply.code(200).send('ok');
      };
      hooks.post('/live/hooks/publish', { schema: { hide: true, body: hookBody } }, async (request, reply) =>
        allowPublish(reply, hookStreamName(request.body)),
      );
      hooks.post('/live/hooks/play', { schema: { hide: true, body: hookBody } }, async (request, reply) =>
        allowPlay(reply, hookStreamName(request.body), request.body.exp, request.body.sig),
      );
      hooks.post('/live/hooks/play_done', { schema: { hide: true, body: hookBody } }, async (request, reply) => {
        media.countViewer?.(hookStreamName(request.body), -1);
        return reply.code(200).send('ok');
      });
      // MediaMTX's authHTTPAddress: one callback for each publish and each read (an HLS session asks once, with the
      // play URL's query), the stream as `path` ({app}/{name}).
      hooks.post('/live/hooks/mediamtx', { schema: { hide: true, body: mediamtxBody } }, async (request, reply) => {
        const { action, path: streamPath, query } = request.body;
        const name = hookStreamName({ path: streamPath });
        if (action === 'publish') return allowPublish(reply, name);
        if (action !== 'read') return refuse(reply, 403, `${action} is not offered`);
        const signed = new URLSearchParams(query ?? '');
        return allowPlay(reply, name, signed.get('exp') ?? undefined, signed.get('sig') ?? undefined);
      });
    });
  },
  { name: 'skyline-live', dependencies: ['skyline-mqtt', 'skyline-media', 'skyline-flight-records'] },
);
