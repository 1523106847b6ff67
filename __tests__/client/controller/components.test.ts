import type { ComponentName } from '../../../src/features/controller/bridge';
import { componentParam, componentPlan, type ComponentContext } from '../../../src/features/controller/components';

const context = (loaded: ComponentName[], thingConnected: boolean, failed: ComponentName[] = []): ComponentContext => ({
  origin: 'https://ops.example.com:8443',
  token: 'tok',
  userName: '张飞手',
  thingConnected,
  loaded: new Set(loaded),
  failed: new Set(failed),
});

const plan = (loaded: ComponentName[], thingConnected: boolean, failed: ComponentName[] = []) =>
  componentPlan(context(loaded, thingConnected, failed)).map((step) => step.name);

describe('Pilot 2 component plan', () => {
  it.each<[string, ComponentName[], boolean, ComponentName[], string[]]>([
    ['nothing loaded, thing not connected: api only', [], false, [], ['api']],
    ['api loaded, thing not connected: nothing yet', ['api'], false, [], []],
    ['thing connected: the rest in DJI order', ['api', 'thing'], true, [], ['liveshare', 'ws', 'map', 'tsa', 'media', 'mission']],
    ['thing connected, nothing loaded: api first, then the rest', [], true, [], ['api', 'liveshare', 'ws', 'map', 'tsa', 'media', 'mission']],
    ['all loaded: nothing', ['api', 'thing', 'liveshare', 'ws', 'map', 'tsa', 'media', 'mission'], true, [], []],
    ['Pilot 2 dropped map and tsa: those again', ['api', 'thing', 'liveshare', 'ws', 'media', 'mission'], true, [], ['map', 'tsa']],
    ['ws failed: nothing that needs it', ['api', 'thing'], true, ['ws'], ['liveshare', 'media']],
    ['api failed: only liveshare', ['thing'], true, ['api'], ['liveshare']],
    ['a failed component is not tried again in the same round', ['api', 'thing'], true, ['media'], ['liveshare', 'ws', 'map', 'tsa', 'mission']],
  ])('%s', (_case, loaded, thingConnected, failed, expected) => {
    expect(plan(loaded, thingConnected, failed)).toEqual(expected);
  });

  it.each<[Parameters<typeof componentParam>[0], Record<string, unknown>]>([
    ['api', { host: 'https://ops.example.com:8443/', token: 'tok' }],
    ['ws', { host: 'wss://ops.example.com:8443/api/v1/ws', token: 'tok', connectCallback: 'skylineWsConnectCallback' }],
    ['map', { userName: '张飞手', elementPreName: 'PILOT' }],
    ['tsa', {}],
    ['mission', {}],
    ['media', { autoUploadPhoto: true, autoUploadPhotoType: 0, autoUploadVideo: true }],
    ['liveshare', { videoPublishType: 'video-on-demand', statusCallback: 'skylineLiveshareStatusCallback' }],
  ])("%s gets DJI's parameters", (name, param) => {
    expect(componentParam(name, context([], true))).toEqual(param);
  });

  it('a plain-HTTP page gives a ws:// socket', () => {
    expect(componentParam('ws', { origin: 'http://10.0.0.2:8080', token: 't', userName: 'u' }).host).toBe('ws://10.0.0.2:8080/api/v1/ws');
  });
});
