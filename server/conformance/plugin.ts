import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConformanceMonitor } from './monitor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live conformance monitoring of every flying aircraft; null while the live channel is off or before ready. */
    conformance: ConformanceMonitor | null;
  }
}

/** The API paths whose writes change what conformance is judged against (plans, applications, routes, features). */
const CONFORMANCE_INPUTS = /^\/api\/(Airspace\/(Plan|Apply)|Route|Feature)\//;

/** Judges every aircraft sample of the device link against its plan (docs/conformance.md); alerts through `alerts`. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('conformance', null);
    // The monitor caches plans, their applications and routes, and the no-fly features: a change to any reloads it.
    app.addHook('onResponse', async (request, reply) => {
      if (app.conformance && request.method !== 'GET' && reply.statusCode < 400 && CONFORMANCE_INPUTS.test(request.url))
        void app.conformance.refresh().catch((err: unknown) => request.log.warn({ err }, 'conformance monitor reload failed'));
    });
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
      app.conformance = monitor;
    });
    app.addHook('preClose', async () => {
      await app.conformance?.stop();
    });
  },
  { name: 'skyline-conformance', dependencies: ['skyline-mqtt', 'skyline-alerts'] },
);
