import { randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { DOMAIN } from '@shared/dji/devices';
import type { Envelope, ReplyData } from '@shared/dji/envelope';
import { osdTopic, replyTopic, statusTopic } from '@shared/dji/topics';
import { METHOD_UPDATE_TOPO } from '@shared/dji/topology';
import { MODE } from '../scripts/simulator/flight';
import { offset, SHENZHEN } from '../scripts/simulator/geometry';
import { aircraftOsd, dockOsd } from '../scripts/simulator/osd';

/** A dock gateway and its aircraft (DJI Dock 2 with a Matrice 3D), as the benchmark declares them. */
export interface BenchGateway {
  dock: string;
  aircraft: string;
}

export const benchGateways = (prefix: string, n: number): BenchGateway[] =>
  Array.from({ length: n }, (_, i) => ({ dock: `${prefix}-DOCK-${i}`, aircraft: `${prefix}-UAV-${i}` }));

export function connect(url: string, options: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, ...options });
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

/** Where gateway `index`'s aircraft is at sample `seq` (distinct for each of 600 samples: the bench recognises them). */
export const benchPosition = (index: number, seq: number) => offset(SHENZHEN, (seq % 600) * 5, index * 20);

/**
 * One MQTT connection publishing for one or more dock gateways: update_topo (waiting for each status_reply), then
 * aircraft OSD in DJI's shape, as fast as asked. With an anonymous Mosquitto one connection may speak for many docks.
 */
export class DjiPublisher {
  private readonly pending = new Map<string, (data: ReplyData) => void>();

  private constructor(
    readonly client: MqttClient,
    readonly gateways: BenchGateway[],
  ) {
    client.on('message', (_topic, payload) => {
      const reply = JSON.parse(payload.toString('utf8')) as Envelope;
      this.pending.get(reply.tid)?.(reply.data as ReplyData);
      this.pending.delete(reply.tid);
    });
  }

  static async open(url: string, options: IClientOptions, gateways: BenchGateway[]): Promise<DjiPublisher> {
    const publisher = new DjiPublisher(await connect(url, options), gateways);
    await publisher.client.subscribeAsync(
      gateways.map((g) => replyTopic(statusTopic(g.dock))),
      { qos: 1 },
    );
    return publisher;
  }

  /** Declares every gateway's topology; resolves once the platform answered each with result 0. */
  async declare(timeoutMs = 60_000): Promise<void> {
    await Promise.all(
      this.gateways.map(
        (g) =>
          new Promise<void>((resolve, reject) => {
            const tid = randomUUID();
            const timer = setTimeout(() => reject(new Error(`no status_reply for ${g.dock} within ${timeoutMs} ms`)), timeoutMs);
            this.pending.set(tid, (data) => {
              clearTimeout(timer);
              if (data.result === 0) resolve();
              else reject(new Error(`update_topo of ${g.dock} answered ${data.result}`));
            });
            const topo = {
              domain: String(DOMAIN.dock),
              type: 2,
              sub_type: 0,
              thing_version: '1.1.2',
              sub_devices: [{ sn: g.aircraft, domain: String(DOMAIN.aircraft), type: 91, sub_type: 0, index: 'A', thing_version: '1.1.2' }],
            };
            const message: Envelope = { tid, bid: randomUUID(), timestamp: Date.now(), method: METHOD_UPDATE_TOPO, gateway: g.dock, data: topo };
            this.client.publish(statusTopic(g.dock), JSON.stringify(message), { qos: 1 });
          }),
      ),
    );
  }

  /** Publishes sample number `seq` of gateway `index`'s aircraft (QoS 0, as DJI sends OSD). */
  publishOsd(index: number, seq: number) {
    const { dock, aircraft } = this.gateways[index];
    const sample = {
      ...benchPosition(index, seq),
      elevation: 80,
      heading: (seq * 3) % 180,
      horizontalSpeed: 5,
      verticalSpeed: 0,
      batteryPercent: 90 - (seq % 60),
      remainFlightTime: 1000,
      modeCode: MODE.wayline,
      homeDistance: (seq % 600) * 5,
      flightTime: seq,
      flying: true,
    };
    this.publishData(osdTopic(aircraft), dock, aircraftOsd(sample, { homeHeight: 20, totalFlightDistance: seq * 5, seconds: seq }));
  }

  /** Publishes sample number `seq` of gateway `index`'s own dock OSD (its aircraft out on a job). */
  publishDockOsd(index: number, seq: number) {
    const { dock } = this.gateways[index];
    const position = benchPosition(index, 0);
    this.publishData(osdTopic(dock), dock, dockOsd({ position, height: 20, droneInDock: false, droneBatteryPercent: 90, working: true, seconds: seq }));
  }

  private publishData(topic: string, gateway: string, data: Record<string, unknown>) {
    const message: Envelope = { tid: randomUUID(), bid: randomUUID(), timestamp: Date.now(), gateway, data };
    this.client.publish(topic, JSON.stringify(message), { qos: 0 });
  }

  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}
