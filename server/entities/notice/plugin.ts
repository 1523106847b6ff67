import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nowIso } from '../../db/time';
import { NoticeBroadcaster } from './broadcast';

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces notices on sysinfo/notice (server/entities/notice/broadcast.ts): one per server, for every writer of notices. */
    notices: NoticeBroadcaster;
  }
}

/**
 * The notice broadcaster, one per server: the notice routes and the platform's own notices (urgent defects) announce
 * through it. Notices scheduled before this start are announced when due; its timers end with the server.
 */
export default fp(
  async (app: FastifyInstance) => {
    const broadcaster = new NoticeBroadcaster(() => app.mqtt?.bus, app.log.child({ module: 'notices' }));
    app.decorate('notices', broadcaster);
    app.addHook('onReady', async () => {
      const scheduled = await app.db.selectFrom('notices').select(['id', 'publish_at']).where('publish_at', '>', nowIso()).execute();
      for (const notice of scheduled) broadcaster.written(notice, 'published');
    });
    app.addHook('onClose', async () => broadcaster.stop());
  },
  { name: 'skyline-notices', dependencies: ['skyline-mqtt'] },
);
