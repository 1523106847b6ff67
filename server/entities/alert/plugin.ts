import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AIRSENSE_TTL_MS } from '@shared/dji/airsenseTraffic';
import { AlertService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alerts (HMS, conformance, airsense): recorded, texts from the HMS table, published on the live channel when it runs. */
    alerts: AlertService;
  }
}

/** The alert service, one per server: the device link's health capability, conformance and the API record through it. */
export default fp(
  async (app: FastifyInstance) => {
    const alerts = new AlertService(app.db, () => app.mqtt?.bus, app.log.child({ module: 'alerts' }), app.hms);
    app.decorate('alerts', alerts);
    // Manned aircraft a drone no longer reports (it stopped hearing them, or stopped reporting) close their alerts.
    const sweep = setInterval(
      () => void alerts.closeQuietAirsense().catch((error: unknown) => app.log.warn({ err: error }, 'alerts: closing quiet airsense alerts failed')),
      AIRSENSE_TTL_MS / 2,
    );
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'skyline-alerts', dependencies: ['skyline-hms'] },
);
