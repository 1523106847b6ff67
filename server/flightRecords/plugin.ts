import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FlightRecorder } from './recorder';
import { saveFlightRecord } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Automatic flight records from the device link's aircraft reports; null while the live channel is off or before ready. */
    flightRecords: FlightRecorder | null;
  }
}

/** Records every aircraft's flights from the samples the device link hands over (docs/flightRecords.md). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('flightRecords', null);
    app.addHook('onReady', async () => {
      const link = app.mqtt;
      if (!link) return;
      const recorder = new FlightRecorder({
        save: async (flight) => {
          const id = await saveFlightRecord(app.db, flight);
          if (id !== null) await app.domainEvents.changed({ table: 'flight_reports', id, change: 'create' });
          return id;
        },
        pilotOf: (gatewaySn) => link.broker?.gateway(gatewaySn)?.pilot?.userId ?? null,
        log: app.log.child({ module: 'flight-records' }),
      });
      link.gateway.onAircraftSample((sample) => recorder.onSample(sample));
      recorder.start();
      app.flightRecords = recorder;
    });
    app.addHook('preClose', async () => {
      await app.flightRecords?.stop();
    });
  },
  { name: 'skyline-flight-records', dependencies: ['skyline-mqtt'] },
);
