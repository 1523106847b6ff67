import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DeviceEvents } from './deviceEvents';
import { registerPilotErrors } from './envelope';
import { PilotHub } from './hub';
import pilotMapRoutes from './map';
import pilotTopologyRoutes from './topology';
import pilotWaylineRoutes from './waylines';
import { MapEvents } from './mapEvents';
import { servePilotWebSocket } from './ws';

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
 * `secret` (the server's token secret) signs the wayline library's download links.
 */
export default fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    const hub = new PilotHub(app.log.child({ module: 'pilot' }));
    app.decorate('pilot', { hub, map: new MapEvents(hub, app.db, app.config.dji.platformName, app.log, () => app.mqtt?.bus) });
    servePilotWebSocket(app, hub);
    // The device gateway starts with the server (the MQTT plugin's onReady, registered before this one).
    app.addHook('onReady', async () => {
      const gateway = app.mqtt?.gateway;
      if (!gateway) return;
      const devices = new DeviceEvents(hub, app.db, app.log);
      gateway.onAircraftSample((sample) => devices.onSample(sample));
      gateway.onTopologyChange((change) => devices.onTopology(change));
    });
    await app.register(async (pilotApi) => {
      registerPilotErrors(pilotApi);
      await pilotApi.register(pilotMapRoutes);
      await pilotApi.register(pilotTopologyRoutes);
      await pilotApi.register(pilotWaylineRoutes, { secret: options.secret });
    });
  },
  { name: 'skyline-pilot', dependencies: ['skyline-auth', 'skyline-mqtt'] },
);
