import { playSource, type LivePlay, type PlayerSupport, type PlayProtocol } from '../../../src/features/live/playSource';

const BOTH: LivePlay = { flv: '/live/a.flv?s', hls: '/live/a/index.m3u8?s' };
const CHROME: PlayerSupport = { mse: true, nativeHls: false };
const IPHONE: PlayerSupport = { mse: false, nativeHls: true };
const NEITHER: PlayerSupport = { mse: false, nativeHls: false };

describe('playSource', () => {
  it.each<[string, LivePlay, PlayProtocol, PlayerSupport, string | null]>([
    ['FLV chosen, MSE: mpegts.js', BOTH, 'flv', CHROME, 'mpegts /live/a.flv?s'],
    ['HLS chosen, MSE: hls.js', BOTH, 'hls', CHROME, 'hlsjs /live/a/index.m3u8?s'],
    ['FLV chosen without MSE: native HLS', BOTH, 'flv', IPHONE, 'native /live/a/index.m3u8?s'],
    ['HLS chosen without MSE: native HLS', BOTH, 'hls', IPHONE, 'native /live/a/index.m3u8?s'],
    ['HLS chosen, only FLV offered (external server): mpegts.js', { flv: '/x.flv' }, 'hls', CHROME, 'mpegts /x.flv'],
    ['only FLV offered, no MSE: nothing playable', { flv: '/x.flv' }, 'flv', IPHONE, null],
    ['nothing the browser plays', BOTH, 'flv', NEITHER, null],
    ['nothing offered', {}, 'hls', CHROME, null],
  ])('%s', (_name, play, chosen, support, expected) => {
    const source = playSource(play, chosen, support);
    expect(source ? `${source.player} ${source.url}` : null).toBe(expected);
  });
});
