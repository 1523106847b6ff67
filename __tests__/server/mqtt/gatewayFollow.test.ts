import { eventsTopic, osdTopic, replyTopic, servicesTopic, statusTopic } from '@shared/dji/topics';
import type { AlertService } from '../../../server/entities/alert/service';
import type { LiveChannel, MessageBus } from '../../../server/mqtt/liveChannel';
import { DjiGateway } from '../../../server/mqtt/gateway/service';
import type { DeviceStore } from '../../../server/devices/store';
import { aircraft, aircraftOsd, DOCK, envelope, RC } from './dji';
import { fakeGateway, message, quiet } from './fakeGateway';

/** A gateway service over fakes, for a dock connected here or not. */
const gatewayWhere = (local: boolean) => fakeGateway((sn) => local && sn === 'DOCK-F1');

/** One dock's messages as every instance sharing the brokers (REDIS_URL) receives them. */
async function feed(gateway: DjiGateway) {
  await gateway.handle(statusTopic('DOCK-F1'), message(envelope('update_topo', { ...DOCK, thing_version: '1.1.2', sub_devices: [aircraft('AC-F1')] })));
  await gateway.handle(osdTopic('AC-F1'), message(envelope(undefined, aircraftOsd(), { gateway: 'DOCK-F1' })));
  const hms = [{ code: '0x16100083', level: 2, module: 3, in_the_sky: 0, imminent: 0, device_type: '0-89-0' }];
  await gateway.handle(eventsTopic('DOCK-F1'), message(envelope('hms', { list: hms }, { need_reply: 1, gateway: 'DOCK-F1' })));
}

describe('DjiGateway on instances sharing their brokers', () => {
  it('acts on the messages of a device connected to this instance: answers, binds, alerts, samples', async () => {
    const here = gatewayWhere(true);
    await feed(here.gateway);
    expect(here.published.map((p) => p.topic)).toEqual([replyTopic(statusTopic('DOCK-F1')), replyTopic(eventsTopic('DOCK-F1'))]);
    expect(here.store.applyTopology).toHaveBeenCalledTimes(1);
    expect(here.alerts.recordHms).toHaveBeenCalledTimes(1);
    expect(here.samples.map((s) => s.sn)).toEqual(['AC-F1']);
  });

  it("only follows another instance's device (topology, live state) and still takes the reply to its own command", async () => {
    const elsewhere = gatewayWhere(false);
    await feed(elsewhere.gateway);
    expect(elsewhere.published).toEqual([]);
    expect(elsewhere.store.applyTopology).not.toHaveBeenCalled();
    expect(elsewhere.alerts.recordHms).not.toHaveBeenCalled();
    expect(elsewhere.samples).toEqual([]);
    expect(elsewhere.gateway.gatewayFor('AC-F1')).toBe('DOCK-F1');
    expect(await elsewhere.gateway.currentLive('AC-F1')).toBeDefined();
    expect(elsewhere.observed).toEqual(['DOCK-F1', 'AC-F1']);

    const answer = elsewhere.gateway.sendService('DOCK-F1', 'flighttask_prepare', {}, { timeoutMs: 5000 });
    const [command] = elsewhere.published;
    expect(command.topic).toBe(servicesTopic('DOCK-F1'));
    await elsewhere.gateway.handle(
      replyTopic(servicesTopic('DOCK-F1')),
      message({ tid: command.payload.tid, bid: 'b', timestamp: Date.now(), method: 'flighttask_prepare', data: { result: 0, output: { done: 1 } } }),
    );
    await expect(answer).resolves.toEqual({ done: 1 });
  });
});

describe('DjiGateway on instances splitting the uplink (external broker, REDIS_URL)', () => {
  it('neither announces nor subscribes to a topology the claim rules refuse, and does both for an accepted one', async () => {
    const subscribed: string[] = [];
    const announced: string[] = [];
    let heardAccepted: () => void = () => undefined;
    const accepted = new Promise<void>((resolve) => (heardAccepted = resolve));
    const bus: MessageBus = { kind: 'external', publish: async () => undefined, subscribe: async () => undefined, close: async () => undefined };
    const gateway = new DjiGateway({
      bus,
      channel: { observe: () => undefined, deviceDisconnected: () => undefined } as unknown as LiveChannel,
      store: { applyTopology: jest.fn(async () => []), recordState: jest.fn(async () => undefined) } as unknown as DeviceStore,
      alerts: {} as AlertService,
      platform: { appId: '1', appKey: 'k', appLicense: 'l', ntpServerHost: 'ntp', organizationId: 'o', organizationName: 'O' },
      binderOf: () => null,
      offlineAfterMs: 30_000,
      // Another department's registered aircraft may not be declared by this pilot's RC.
      mayDeclare: async (_gatewaySn, devices) => !devices.some((d) => d.sn === 'AC-FOREIGN'),
      shared: {
        group: 'skyline',
        topology: { join: async () => undefined, publish: async ({ gatewaySn }) => void announced.push(gatewaySn), close: async () => undefined },
        members: { id: 'me', members: () => ['me'], onChange: () => undefined },
        subscriptions: {
          listen: () => undefined,
          subscribeTopics: async (topics) => {
            subscribed.push(...topics);
            if (topics.includes(osdTopic('AC-OWN'))) heardAccepted();
          },
          unsubscribeTopics: async () => undefined,
        },
        live: { changed: () => undefined, gone: () => undefined, read: async () => undefined, readMany: async () => [] },
      },
      log: quiet,
    });
    await gateway.handle(statusTopic('RC-HIJACK'), message(envelope('update_topo', { ...RC, thing_version: '1.1.2', sub_devices: [aircraft('AC-FOREIGN')] })));
    await gateway.handle(statusTopic('RC-OWN'), message(envelope('update_topo', { ...RC, thing_version: '1.1.2', sub_devices: [aircraft('AC-OWN')] })));
    await accepted;
    expect(announced).toEqual(['RC-OWN']);
    expect(subscribed.filter((topic) => topic.includes('AC-FOREIGN') || topic.includes('RC-HIJACK'))).toEqual([]);
  });
});
