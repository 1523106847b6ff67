import { z } from 'zod';
import { RESULT } from '@shared/dji/envelope';
import { CapabilityRegistry, CHANNEL_RULES, route, type Capability } from '../../../server/mqtt/gateway/registry';

const any = route(z.unknown(), () => undefined);

const health: Capability = { name: 'health', events: { hms: any } };
const telemetry: Capability = { name: 'telemetry', osd: any, state: any };
const media: Capability = {
  name: 'media',
  requests: { storage_config_get: any },
  events: { file_upload_callback: any },
  services: ['upload_flighttask_media_prioritize'],
};

describe('capability registry', () => {
  const registry = new CapabilityRegistry();
  registry.register(health);
  registry.register(telemetry);
  registry.register(media);

  it.each([
    ['events', 'hms', 'health'],
    ['events', 'file_upload_callback', 'media'],
    ['requests', 'storage_config_get', 'media'],
    ['osd', undefined, 'telemetry'],
    // osd and state are whole channels: a method on them does not change the route.
    ['state', 'anything', 'telemetry'],
    ['events', 'storage_config_get', undefined],
    ['requests', 'hms', undefined],
    ['status', 'update_topo', undefined],
    ['events', undefined, undefined],
  ] as const)('%s %s → %s', (channel, method, capability) => {
    expect(registry.find(channel, method)?.capability).toBe(capability);
  });

  it('refuses a channel and method another capability handles, and registers nothing of it', () => {
    expect(() => registry.register({ name: 'alerts', events: { hms: any, new_event: any } })).toThrow(/events hms is handled by capability health already/);
    expect(registry.find('events', 'new_event')).toBeUndefined();
    expect(() => registry.register({ name: 'osd2', osd: any })).toThrow(/osd \(channel\) is handled by capability telemetry/);
  });

  it('describes what each capability handles and sends', () => {
    expect(registry.describe()).toEqual([
      'health (events: hms)',
      'telemetry (osd; state)',
      'media (events: file_upload_callback; requests: storage_config_get; services: upload_flighttask_media_prioritize)',
    ]);
  });

  it.each([
    ['status', 'always', RESULT.unknownMethod],
    ['osd', 'never', RESULT.unknownMethod],
    ['state', 'asked', RESULT.unknownMethod],
    ['events', 'asked', RESULT.ok],
    ['requests', 'always', RESULT.unknownMethod],
  ] as const)('%s is answered %s; an unknown method with %s', (channel, reply, unknownResult) => {
    expect(CHANNEL_RULES[channel]).toMatchObject({ reply, unknownResult });
  });
});
