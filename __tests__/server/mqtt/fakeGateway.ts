import type { AlertService } from '../../../server/entities/alert/service';
import type { LiveChannel, MessageBus } from '../../../server/mqtt/liveChannel';
import { DjiGateway, type AircraftSample } from '../../../server/mqtt/gateway/service';
import type { DeviceStore } from '../../../server/devices/store';

export const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined };
export const message = (value: unknown) => Buffer.from(JSON.stringify(value));

export interface Published {
  topic: string;
  payload: { tid: string; data?: { result?: number } };
}

/**
 * A gateway service over fakes: what it publishes (and `published(match)`, resolved by the first such message, sent
 * already or to come), stores, records and reports. `isLocal` as GatewayOptions takes it (absent: every device here).
 */
export function fakeGateway(isLocal?: (gatewaySn: string) => boolean) {
  const published: Published[] = [];
  const waiters: { match: (p: Published) => boolean; resolve: (p: Published) => void }[] = [];
  const bus: MessageBus = {
    kind: 'embedded',
    publish: async (topic, payload) => {
      const sent: Published = { topic, payload: JSON.parse(payload.toString()) as Published['payload'] };
      published.push(sent);
      for (const waiter of waiters.filter((w) => w.match(sent))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(sent);
      }
    },
    subscribe: async () => undefined,
    close: async () => undefined,
  };
  const observed: string[] = [];
  const channel = { observe: (sn: string) => observed.push(sn), deviceDisconnected: () => undefined } as unknown as LiveChannel;
  const store = { applyTopology: jest.fn(async () => []), recordState: jest.fn(async () => undefined) };
  const alerts = { recordHms: jest.fn(async () => []) };
  const gateway = new DjiGateway({
    bus,
    channel,
    store: store as unknown as DeviceStore,
    alerts: alerts as unknown as AlertService,
    platform: { appId: '1', appKey: 'k', appLicense: 'l', ntpServerHost: 'ntp', organizationId: 'o', organizationName: 'O' },
    binderOf: (sn) => ({ by: 'dock', sn }),
    offlineAfterMs: 30_000,
    ...(isLocal ? { isLocal } : {}),
    log: quiet,
  });
  const samples: AircraftSample[] = [];
  gateway.onAircraftSample((sample) => samples.push(sample));
  const publishedWhere = (match: (p: Published) => boolean) =>
    new Promise<Published>((resolve) => {
      const sent = published.find(match);
      if (sent) resolve(sent);
      else waiters.push({ match, resolve });
    });
  return { gateway, published, publishedWhere, observed, store, alerts, samples };
}
