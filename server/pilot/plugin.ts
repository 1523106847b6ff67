import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPilotErrors } from './envelope';
import { PilotHub } from './hub';
import pilotMapRoutes from './map';
import { MapEvents } from './mapEvents';

export interface PilotHandle {
  /** The connected Pilot 2 `ws` clients. */
  hub: PilotHub;
  /** Announces feature changes to them. */
  map: MapEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** DJI Pilot 2's cloud modules (server/pilot/, docs/pilot.md). */
    pilot: PilotHandle | null;
  }
}

/**
 * DJI Pilot 2 as a full cloud client: the HTTPS interfaces of its `map`, `mission` and `tsa` components under the
 * server's root (not /api), in DJI's conventions (envelope.ts), and the `ws` component's WebSocket at /api/v1/ws.
 */
export default fp(
  async (app: FastifyInstance) => {
    const hub = new PilotHub(app.log.child({ module: 'pilot' }));
    app.decorate('pilot', { hub, map: new MapEvents(hub, app.db, app.config.dji.platformName, app.log) });
    await app.register(async (pilotApi) => {
      registerPilotErrors(pilotApi);
      await pilotApi.register(pilotMapRoutes);
    });
  },
  { name: 'skyline-pilot', dependencies: ['skyline-auth'] },
);
