import {
  isAlreadyLive,
  isNotLive,
  liveshareFailureText,
  liveshareFigures,
  liveshareState,
  parseLiveshareStatus,
  rtmpConfig,
  liveshareUrlExpiresInMs,
  liveshareUrlState,
} from '../../../src/features/controller/liveshare';
import type { BridgeFailure } from '../../../src/features/controller/bridge';

const living = { type: 2, status: 2, fps: 30, videoBitRate: 2048, audioBitRate: 0, rtt: 40, quality: 2, jitter: 3, dropRate: 0 };
const unknown = { type: null, status: null, fps: null, videoBitRate: null, audioBitRate: null, rtt: null, quality: null, jitter: null, dropRate: null };
const failed = (code: number | null, message = 'boom'): BridgeFailure => ({
  kind: code === null ? 'thrown' : 'failed',
  method: 'liveshareStartLive',
  code,
  message,
});

describe('parseLiveshareStatus: every form Pilot 2 may hand over', () => {
  it.each([
    ['an object (the demo statusCallback)', living, living],
    ['its JSON string', JSON.stringify(living), living],
    ['a JSON string holding a JSON string (the demo parses liveshareGetStatus data twice)', JSON.stringify(JSON.stringify(living)), living],
    ['numbers as strings', { status: '2', fps: '25', videoBitRate: '1024' }, { ...unknown, status: 2, fps: 25, videoBitRate: 1024 }],
    ["the demo's −1 (unknown) and missing fields", { type: 2, status: 0, fps: -1, videoBitRate: -1 }, { ...unknown, type: 2, status: 0 }],
    ['a status without figures', { status: 0 }, { ...unknown, status: 0 }],
    ['not JSON', 'living', null],
    ['an array', [living], null],
    ['an object of other things', { code: 0, message: 'ok' }, null],
    ['null', null, null],
  ])('%s', (_, raw, expected) => expect(parseLiveshareStatus(raw)).toEqual(expected));
});

describe('liveshareState (the demo: 0 disconnected, 1 connected, 2 living)', () => {
  it.each([
    [0, 'disconnected'],
    [1, 'connected'],
    [2, 'living'],
    [3, 'unknown'],
    [null, 'unknown'],
  ] as const)('%s → %s', (status, state) => expect(liveshareState(status)).toBe(state));
});

describe('liveshareFailureText: what the pilot reads', () => {
  it.each([
    [
      '613006: not in the camera view, in words',
      failed(613006),
      { key: 'controller.liveshare.refused', params: { meaning: 'not_in_camera_view', code: 613006 } },
    ],
    ['613001: no aircraft', failed(613001), { key: 'controller.liveshare.refused', params: { meaning: 'no_aircraft', code: 613001 } }],
    ['613014: bad parameters', failed(613014), { key: 'controller.liveshare.refused', params: { meaning: 'bad_parameters', code: 613014 } }],
    [
      'a code DJI does not name: the bridge message',
      failed(403, 'platform is not verified'),
      { key: 'controller.bridgeFailure.failedSaying', params: { method: 'liveshareStartLive', code: 403, message: 'platform is not verified' } },
    ],
    [
      'a bridge that threw',
      failed(null, 'djiBridge.liveshareStartLive threw: x'),
      { key: 'controller.bridgeFailure.thrown', params: { method: 'liveshareStartLive', message: 'djiBridge.liveshareStartLive threw: x' } },
    ],
  ])('%s', (_, failure, text) => expect(liveshareFailureText(failure)).toEqual(text));

  it.each([
    [613003, true, false],
    [613011, false, true],
    [613006, false, false],
    [3, false, false],
  ])('%s: already live %s, not live %s', (code, already, notLive) => {
    expect(isAlreadyLive(failed(code))).toBe(already);
    expect(isNotLive(failed(code))).toBe(notLive);
  });
});

describe('the config and the figures', () => {
  it("liveshareSetConfig's RTMP is type 2 (not live_start_push's 1) with {url} as a JSON string", () =>
    expect(rtmpConfig('rtmp://h:1935/live/abc')).toEqual({ type: 2, params: '{"url":"rtmp://h:1935/live/abc"}' }));

  it.each([
    ['a living push', living, [30, 2048, 3, 40, 0]],
    ['no status yet', null, [null, null, null, null, null]],
  ])('%s', (_, status, values) => {
    const figures = liveshareFigures(status);
    expect(figures.map((f) => f.name)).toEqual(['fps', 'bitrate', 'jitter', 'rtt', 'dropRate']);
    expect(figures.map((f) => f.value)).toEqual(values);
  });
});

describe("the push URL's expiry", () => {
  const at = Date.parse('2026-12-07T12:00:00Z');
  it.each([
    ['an hour before', at - 3_600_000, 'valid', 3_600_000],
    ['a millisecond before', at - 1, 'valid', 1],
    ['at expires_at (no publish from then on)', at, 'expired', 0],
    ['after', at + 60_000, 'expired', 0],
  ] as const)('%s', (_, now, state, waitMs) => {
    expect(liveshareUrlState(at, now)).toBe(state);
    expect(liveshareUrlExpiresInMs(at, now)).toBe(waitMs);
  });
});
