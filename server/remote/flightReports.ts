import { TOPIC_FLIGHT, type FlightReport } from '@shared/dji/flightReport';
import type { MessageBus } from '../mqtt/liveChannel';

/** What of a gateway's report goes out: its command flight's progress, or its aircraft's distances to the flight areas. */
export type FlightReportBody = Pick<Extract<FlightReport, { progress: unknown }>, 'progress'> | Pick<Extract<FlightReport, { areas: unknown }>, 'areas'>;

/** Publishes what gateway `gatewaySn` reported on sysinfo/flight, named by its aircraft; a failed publish is logged, never thrown. */
export type FlightReporter = (gatewaySn: string, body: FlightReportBody) => void;

/**
 * sysinfo/flight (docs/mqtt.md): each report named by the gateway's aircraft (its declared sub-device; a Pilot 2's or a
 * dock's one aircraft), not retained, QoS 0 like sysinfo/airsense (the next report follows within a second or two).
 * The broker's scope filter (browserScope.ts) lets only browsers that see the aircraft hear it.
 */
export function flightReporter(
  link: { subDevicesOf(gatewaySn: string): string[] },
  bus: Pick<MessageBus, 'publish'>,
  log: { warn(obj: unknown, msg?: string): void },
  now: () => number = Date.now,
): FlightReporter {
  return (gatewaySn, body) => {
    const report: FlightReport = { sn: link.subDevicesOf(gatewaySn)[0] ?? gatewaySn, gatewaySn, at: now(), ...body };
    bus
      .publish(TOPIC_FLIGHT, JSON.stringify(report), { retain: false, qos: 0 })
      .catch((error: unknown) => log.warn({ err: error, gatewaySn }, 'remote: sysinfo/flight not published'));
  };
}
