import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConformanceMonitor } from './monitor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live conformance monitoring of every flying aircraft; null while the live channel is off or before ready. */
    conformance: ConformanceMonitor | null;
  }
}

/** The tables whose changes alter what conformance is judged against: plans, their applications and routes, no-fly features, and flight reports (a report ends its plan). */
const CONFORMANCE_INPUTS = new Set(['flight_plans', 'airspace_applications', 'routes', 'features', 'flight_reports']);

/** Judges every aircraft sample of the device link against its plan (docs/conformance.md); alerts through `alerts`. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('conformance', null);
    app.addHook('onReady', async () => {
      const link = app.mqtt;
      if (!link) return;
      const monitor = new ConformanceMonitor({
        db: app.db,
        alerts: app.alerts,
        settings: app.config.conformance,
        margins: app.config.airspace,
        log: app.log.child({ module: 'conformance' }),
      });
      await monitor.start();
      link.gateway.onAircraftSample((sample) => monitor.onSample(sample));
      // The monitor caches plans, their applications and routes, and the no-fly features: a committed change of any, on any instance, reloads it.
      app.domainEvents.onChange((change) => (CONFORMANCE_INPUTS.has(change.table) ? monitor.refresh() : undefined));
      app.conformance = monitor;
    });
    app.addHook('preClose', async () => {
      await app.conformance?.stop();
    });
  },
  { name: 'skyline-conformance', dependencies: ['skyline-mqtt', 'skyline-alerts'] },
);
