import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicBaseUrl } from '../http/publicUrl';
import { DockDebug } from './debug/service';
import { DrcLinks } from './drc/service';
import { FirmwareUpgrades } from './firmware/service';
import { FlightAreaService } from './flightAreas/service';
import { CommandFlights } from './flight/service';
import { flightReporter } from './flightReports';
import { DeviceExchange } from './exchange';
import { DeviceLogs } from './logs/service';
import { DeviceProperties } from './properties/service';

/** Remote operations on devices (docs/remote.md): one service per capability, on the DJI device gateway. */
export interface RemoteHandle {
  debug: DockDebug;
  drc: DrcLinks;
  flights: CommandFlights;
  flightAreas: FlightAreaService;
  firmware: FirmwareUpgrades;
  logs: DeviceLogs;
  properties: DeviceProperties;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Remote operations; null while the live channel is off (MQTT_ENABLED=0) or before the server is ready. */
    remote: RemoteHandle | null;
  }
}

/** How long a flight-area file link stays valid (s): the dock downloads it right after flight_areas_get. */
const AREA_FILE_LINK_TTL_S = 15 * 60;
/** How long a firmware file link stays valid (s): a dock on a slow link may take a while to start a large download. */
const FIRMWARE_LINK_TTL_S = 6 * 60 * 60;

/** Builds the remote-operation services once the device gateway runs; the API routes are in each capability's routes.ts. */
export default fp(
  async (app: FastifyInstance, { signingSecret }: { signingSecret: string }) => {
    app.decorate('remote', null);
    let exchange: DeviceExchange | undefined;
    app.addHook('onClose', async () => exchange?.stop());
    app.addHook('onReady', async () => {
      const mqtt = app.mqtt;
      if (!mqtt) return;
      const gateway = mqtt.gateway;
      exchange = new DeviceExchange(mqtt.bus);
      await exchange.start();
      const options = { replyTimeoutMs: app.config.remote.replyTimeoutMs };
      const report = flightReporter(gateway, mqtt.bus, app.log);
      const links = {
        db: app.db,
        publicUrl: () => publicBaseUrl(app),
        linkSecret: signingSecret,
      };
      app.remote = {
        debug: new DockDebug(gateway, options),
        drc: new DrcLinks(gateway, { ...options, pilotConsentMs: app.config.remote.pilotConsentMs }),
        flights: new CommandFlights(gateway, { ...options, report }),
        flightAreas: new FlightAreaService(gateway, { ...options, ...links, report, linkTtlSeconds: AREA_FILE_LINK_TTL_S }),
        firmware: new FirmwareUpgrades(gateway, { ...options, ...links, linkTtlSeconds: FIRMWARE_LINK_TTL_S }),
        logs: new DeviceLogs(gateway, exchange, { ...options, db: app.db }),
        properties: new DeviceProperties(exchange, options),
      };
    });
  },
  { name: 'skyline-remote', dependencies: ['skyline-mqtt', 'skyline-conformance'] },
);
