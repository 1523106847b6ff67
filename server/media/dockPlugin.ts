import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dockMediaCapability } from './dock';

/** The docks' media upload as a capability of the device link (server/media/dock.ts), once the link runs. */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onReady', async () => {
      if (app.mqtt && app.media) app.mqtt.gateway.register(dockMediaCapability(app.db, app.media, app.log.child({ module: 'media' })));
    });
  },
  { name: 'skyline-media-dock', dependencies: ['skyline-mqtt', 'skyline-media'] },
);
