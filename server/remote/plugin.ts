import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DockDebug } from './debug/service';
import { CommandFlights } from './flight/service';

/** Remote operations on devices (docs/remote.md): one service per capability, on the DJI device gateway. */
export interface RemoteHandle {
  debug: DockDebug;
  flights: CommandFlights;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Remote operations; null while the live channel is off (MQTT_ENABLED=0) or before the server is ready. */
    remote: RemoteHandle | null;
  }
}

/** Builds the remote-operation services once the device gateway runs; the API routes are in each capability's routes.ts. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('remote', null);
    app.addHook('onReady', async () => {
      const gateway = app.mqtt?.gateway;
      if (!gateway) return;
      const options = { replyTimeoutMs: app.config.remote.replyTimeoutMs };
      app.remote = { debug: new DockDebug(gateway, options), flights: new CommandFlights(gateway, options) };
    });
  },
  { name: 'skyline-remote', dependencies: ['skyline-mqtt'] },
);
