import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { missionsCapability } from '../../mqtt/gateway/capabilities/missions';
import { publicBaseUrl } from '../../http/publicUrl';
import { dispatchRoutes } from './dispatchRoutes';
import { MissionService } from './missions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Dispatch of tasks to the aircraft and their live progress; null while the live channel is off or before ready. */
    missions: MissionService | null;
  }
}

export interface MissionsPluginOptions {
  /** The server's token secret: signs the wayline download links handed to devices. */
  signingSecret: string;
}

/** Missions over the device link (docs/missions.md): the mission service, registered as the link's missions capability. */
export default fp(
  async (app: FastifyInstance, options: MissionsPluginOptions) => {
    app.decorate('missions', null);
    app.addHook('onReady', async () => {
      const link = app.mqtt;
      if (!link) return;
      const log = app.log.child({ module: 'missions' });
      const config = app.config.missions;
      const missions = new MissionService({
        db: app.db,
        link: link.gateway,
        weather: link.weather,
        routes: dispatchRoutes(app.db),
        publicUrl: () => publicBaseUrl(app),
        linkSecret: options.signingSecret,
        waylineUrlTtlSeconds: config.waylineUrlTtlSeconds,
        publish: (topic, payload) => link.bus.publish(topic, payload, { retain: false, qos: 1 }),
        offlineAfterMs: app.config.mqtt.deviceTimeoutMs,
        replyTimeoutMs: config.replyTimeoutMs,
        batteryReservePct: config.batteryReservePct,
        log,
      });
      link.gateway.register(missionsCapability(missions));
      app.missions = missions;
    });
  },
  { name: 'skyline-missions', dependencies: ['skyline-mqtt'] },
);
