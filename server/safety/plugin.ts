import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SafetyMonitor } from './monitor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Flight safety (battery, return now, link, the aircraft's own RTH) of every flying aircraft; null without the live channel. */
    safety: SafetyMonitor | null;
  }
}

/** Judges every aircraft sample of the device link by the flight safety rule (shared/flight/safety.ts); alerts through `alerts`. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('safety', null);
    app.addHook('onReady', async () => {
      const link = app.mqtt;
      if (!link) return;
      const monitor = new SafetyMonitor({ db: app.db, alerts: app.alerts, log: app.log.child({ module: 'safety' }) });
      await monitor.start();
      link.gateway.onAircraftSample((sample) => monitor.onSample(sample));
      app.safety = monitor;
    });
    app.addHook('preClose', async () => {
      await app.safety?.stop();
    });
  },
  { name: 'skyline-safety', dependencies: ['skyline-mqtt', 'skyline-alerts'] },
);
