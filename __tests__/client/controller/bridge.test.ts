import {
  asBoolean,
  asSerial,
  BridgeError,
  bridgeData,
  createBridge,
  getBridge,
  parseBridgeResponse,
  toBridgeFailure,
  type BridgeFailure,
  type DjiBridgeRaw,
} from '../../../src/features/controller/bridge';
import { bridgeFailureText } from '../../../src/features/controller/bridgeFailure';

const ok = (data: unknown) => JSON.stringify({ code: 0, message: 'success', data });

describe('parseBridgeResponse', () => {
  it.each<[string, unknown, { code: number; message: string; data: unknown }]>([
    ['a success string', ok(true), { code: 0, message: 'success', data: true }],
    ['a failure string', JSON.stringify({ code: 403, message: 'denied' }), { code: 403, message: 'denied', data: null }],
    ['an already parsed object', { code: 0, data: 'SN1' }, { code: 0, message: '', data: 'SN1' }],
    ['a non-string message', JSON.stringify({ code: 0, message: 5, data: 1 }), { code: 0, message: '', data: 1 }],
  ])('%s', (_name, raw, expected) => {
    expect(parseBridgeResponse('platformIsVerified', raw)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['not JSON', 'oops'],
    ['JSON without code', JSON.stringify({ data: true })],
    ['a string code', JSON.stringify({ code: '0', data: true })],
    ['null', null],
    ['undefined', undefined],
    ['a JSON number', '42'],
  ])('malformed: %s', (_name, raw) => {
    expect(() => parseBridgeResponse('platformIsVerified', raw)).toThrow(expect.objectContaining({ kind: 'malformed', method: 'platformIsVerified' }));
  });
});

describe('bridgeData', () => {
  it('returns the data of code 0', () => expect(bridgeData('platformGetAircraftSN', ok('SN'))).toBe('SN'));
  it('throws a failed BridgeError with the code and message otherwise', () => {
    const error = (() => {
      try {
        bridgeData('platformLoadComponent', JSON.stringify({ code: 500, message: 'no thing', data: null }));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BridgeError);
    expect(toBridgeFailure(error)).toEqual({ kind: 'failed', method: 'platformLoadComponent', code: 500, message: 'no thing' });
  });
});

describe('data coercion', () => {
  it.each<[unknown, boolean]>([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    [1, true],
    [0, false],
  ])('asBoolean(%p) = %p', (data, expected) => expect(asBoolean('platformIsVerified', data)).toBe(expected));

  it.each([['yes'], [null], [{}]])('asBoolean(%p) is malformed', (data) => {
    expect(() => asBoolean('platformIsVerified', data)).toThrow(expect.objectContaining({ kind: 'malformed' }));
  });

  it.each<[unknown, string | null]>([
    ['1581F5BKD', '1581F5BKD'],
    ['  5YSZ  ', '5YSZ'],
    ['', null],
    [null, null],
    ['   ', null],
  ])('asSerial(%p) = %p', (data, expected) => expect(asSerial('platformGetAircraftSN', data)).toBe(expected));

  it('asSerial rejects a number', () => expect(() => asSerial('platformGetAircraftSN', 42)).toThrow(expect.objectContaining({ kind: 'malformed' })));
});

describe('createBridge', () => {
  const raw = (overrides: Partial<Record<keyof DjiBridgeRaw, (...args: string[]) => unknown>>) => overrides as unknown as DjiBridgeRaw;

  it('verifyLicense passes the three credentials and accepts data=true', () => {
    const verify = jest.fn(() => ok(true));
    createBridge(raw({ platformVerifyLicense: verify })).verifyLicense('id', 'key', 'lic');
    expect(verify).toHaveBeenCalledWith('id', 'key', 'lic');
  });

  it('verifyLicense with data=false is a refused BridgeError', () => {
    expect(() => createBridge(raw({ platformVerifyLicense: () => ok(false) })).verifyLicense('a', 'b', 'c')).toThrow(
      expect.objectContaining({ kind: 'refused', method: 'platformVerifyLicense' }),
    );
  });

  it('loads components with their parameters as a JSON string', () => {
    const load = jest.fn(() => ok(null));
    const bridge = createBridge(raw({ platformLoadComponent: load }));
    bridge.loadComponent('api', { host: 'http://h/', token: 't' });
    bridge.loadThingComponent({ host: 'ws://b', username: 'u', password: 'p', connectCallback: 'cb' });
    expect(load.mock.calls).toEqual([
      ['api', JSON.stringify({ host: 'http://h/', token: 't' })],
      ['thing', JSON.stringify({ host: 'ws://b', username: 'u', password: 'p', connectCallback: 'cb' })],
    ]);
  });

  it('a bridge function that throws becomes a thrown BridgeError', () => {
    const bridge = createBridge(
      raw({
        platformGetAircraftSN: () => {
          throw new Error('native crash');
        },
      }),
    );
    expect(() => bridge.getAircraftSn()).toThrow(expect.objectContaining({ kind: 'thrown', method: 'platformGetAircraftSN' }));
  });

  it('a missing bridge function is a missing BridgeError', () => {
    expect(() => createBridge(raw({})).thingIsConnected()).toThrow(expect.objectContaining({ kind: 'missing', method: 'thingGetConnectState' }));
  });

  it('serials: an empty aircraft serial means no aircraft', () => {
    const bridge = createBridge(raw({ platformGetAircraftSN: () => ok(''), platformGetRemoteControllerSN: () => ok('RC1') }));
    expect(bridge.getAircraftSn()).toBeNull();
    expect(bridge.getRemoteControllerSn()).toBe('RC1');
  });

  it('liveshare: the config goes as (Int type, JSON string); the status is read as an object or a JSON string inside data', () => {
    const setConfig = jest.fn((..._args: unknown[]) => ok(null));
    const status = { type: 2, status: 2, fps: 30 };
    const bridge = createBridge(raw({ liveshareSetConfig: setConfig as never, liveshareGetStatus: () => ok(JSON.stringify(status)) }));
    bridge.liveshareSetConfig({ type: 2, params: '{"url":"rtmp://h/live/s"}' });
    expect(setConfig).toHaveBeenCalledWith(2, '{"url":"rtmp://h/live/s"}');
    expect(bridge.liveshareGetStatus()).toMatchObject({ status: 2, fps: 30, videoBitRate: null });
    expect(createBridge(raw({ liveshareGetStatus: () => ok(status) })).liveshareGetStatus()).toMatchObject({ status: 2 });
    expect(() => createBridge(raw({ liveshareGetStatus: () => ok('nothing') })).liveshareGetStatus()).toThrow(expect.objectContaining({ kind: 'malformed' }));
  });

  it("liveshare: setVideoPublishType on the bridge (DJI's demo), else on window.liveshare (DJI's doc)", () => {
    const onBridge = jest.fn(() => ok(true));
    createBridge(raw({ liveshareSetVideoPublishType: onBridge })).liveshareSetVideoPublishType('video-by-manual');
    expect(onBridge).toHaveBeenCalledWith('video-by-manual');
    const onWindow = jest.fn(() => ok(true));
    const win = { liveshare: { setVideoPublishType: onWindow } } as unknown as Window;
    createBridge(raw({}), win).liveshareSetVideoPublishType('video-demand-aux-manual');
    expect(onWindow).toHaveBeenCalledWith('video-demand-aux-manual');
    expect(() => createBridge(raw({})).liveshareSetVideoPublishType('video-on-demand')).toThrow(expect.objectContaining({ kind: 'missing' }));
  });
});

describe('getBridge', () => {
  afterEach(() => delete (window as { djiBridge?: unknown }).djiBridge);

  it('throws a missing BridgeError outside the controller', () => {
    expect(() => getBridge()).toThrow(expect.objectContaining({ kind: 'missing', method: null }));
  });

  it('wraps window.djiBridge', () => {
    (window as { djiBridge?: unknown }).djiBridge = { platformIsVerified: () => ok(true) };
    expect(getBridge().isVerified()).toBe(true);
  });

  it('toBridgeFailure of a plain error', () => {
    expect(toBridgeFailure(new Error('x'))).toEqual({ kind: 'thrown', method: null, code: null, message: 'x' });
  });
});

describe('bridgeFailureText: what the pilot reads, in the page language', () => {
  const failure = (kind: BridgeFailure['kind'], code: number | null, message: string): BridgeFailure => ({
    kind,
    method: 'platformLoadComponent',
    code,
    message,
  });
  it.each<[string, BridgeFailure, { key: string; params?: Record<string, unknown> }]>([
    ['no bridge', { kind: 'missing', method: null, code: null, message: 'window.djiBridge is missing' }, { key: 'controller.bridgeFailure.missing' }],
    [
      'an unreadable answer: the method, not the English detail',
      failure('malformed', null, 'platformLoadComponent answered something that is not JSON: oops'),
      { key: 'controller.bridgeFailure.malformed', params: { method: 'platformLoadComponent' } },
    ],
    ['a refusal', failure('refused', null, 'x'), { key: 'controller.bridgeFailure.refused', params: { method: 'platformLoadComponent' } }],
    [
      "a failure with Pilot 2's message",
      failure('failed', 500, 'no thing'),
      { key: 'controller.bridgeFailure.failedSaying', params: { method: 'platformLoadComponent', code: 500, message: 'no thing' } },
    ],
    ['a failure without one', failure('failed', 7, ''), { key: 'controller.bridgeFailure.failed', params: { method: 'platformLoadComponent', code: 7 } }],
    [
      'a throw',
      { kind: 'thrown', method: null, code: null, message: 'boom' },
      { key: 'controller.bridgeFailure.thrown', params: { method: 'djiBridge', message: 'boom' } },
    ],
  ])('%s', (_name, given, text) => expect(bridgeFailureText(given)).toEqual(text));

  it("keeps Pilot 2's message out of a failure it did not describe, with no English made up by the page", () => {
    const error = (() => {
      try {
        bridgeData('platformLoadComponent', JSON.stringify({ code: 7, data: null }));
      } catch (e) {
        return e;
      }
    })();
    expect(bridgeFailureText(toBridgeFailure(error))).toEqual({ key: 'controller.bridgeFailure.failed', params: { method: 'platformLoadComponent', code: 7 } });
  });
});
