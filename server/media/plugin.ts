import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lazyObjectStore } from './lazyStore';
import pilotMediaRoutes from './pilot';
import { MediaService } from './service';
import { sweepMedia } from './sweep';
import { ThumbnailQueue } from './thumbnails';

declare module 'fastify' {
  interface FastifyInstance {
    /** The media library (server/media/): object store, ingest, thumbnails. */
    media: MediaService | null;
  }
}

/** A running server sweeps half-stored media this often, the first time this long after it started. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_SWEEP_MS = 60 * 1000;

/**
 * The media library's store and ingest (docs/media.md): opens the object store (the local one when S3_ENDPOINT is
 * unset; on first use), makes pending thumbnails, sweeps half-stored media a minute after start and hourly, and serves
 * Pilot 2's media calls.
 */
export default fp(
  async (app: FastifyInstance, options: { orphanAgeMs: number }) => {
    const { media: config, dataDir, host } = app.config;
    const store = lazyObjectStore(config, dataDir, host);
    const thumbnails = new ThumbnailQueue(app.db, store, app.log);
    const service = new MediaService(app.db, store, thumbnails, config.maxBytes);
    app.decorate('media', service);
    const sweep = async () => {
      try {
        const result = await sweepMedia(app.db, store, options.orphanAgeMs);
        if (result.objectsRemoved.length || result.rowsRemoved.length) app.log.warn(result, 'media: removed half-stored media');
      } catch (error) {
        app.log.warn({ err: error }, 'media: sweep failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await thumbnails.resume();
      timer = setTimeout(() => {
        void sweep();
        timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
      }, FIRST_SWEEP_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      clearInterval(timer);
      await thumbnails.stop();
      await store.close();
    });
    await app.register(pilotMediaRoutes);
  },
  { name: 'skyline-media', dependencies: ['skyline-auth'] },
);
