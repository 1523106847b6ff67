import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    app.decorate('alerts', new AlertService(app.db, () => app.mqtt?.bus, app.log.child({ module: 'alerts' }), app.hms));
  },
  { name: 'skyline-alerts', dependencies: ['skyline-hms'] },
);
