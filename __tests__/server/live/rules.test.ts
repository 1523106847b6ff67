import { liveErrorMeaning } from '@shared/dji/liveErrors';
import { camerasOf, type StreamView } from '../../../server/livestream/cameras';
import { signPlay, verifyPlay } from '../../../server/livestream/playback';

/** A Dock 3 with an M4TD as the spec's real capture shows it: the dock camera and the aircraft's two cameras. */
const DOCK3_STATE = {
  live_capacity: {
    available_video_number: 3,
    coexist_video_number_max: 2,
    device_list: [
      {
        sn: 'DOCK3',
        camera_list: [{ camera_index: '165-0-7', video_list: [{ video_index: 'normal-0', video_type: 'normal', switchable_video_types: ['normal'] }] }],
      },
      {
        sn: 'M4TD',
        camera_list: [
          { camera_index: '176-0-0', video_list: [{ video_index: 'normal-0', video_type: 'normal', switchable_video_types: ['normal'] }] },
          { camera_index: '99-0-0', video_list: [{ video_index: 'wide-0', video_type: 'zoom', switchable_video_types: ['normal', 'wide', 'zoom', 'ir'] }] },
        ],
      },
    ],
  },
  live_status: [{ video_id: 'M4TD/99-0-0/wide-0', video_type: 'zoom', video_quality: 2, status: 1, error_status: 0 }],
};
const none = () => undefined;

describe('camerasOf', () => {
  it('a gateway lists every video source; an aircraft only its own', () => {
    expect(camerasOf('DOCK3', true, DOCK3_STATE, none).map((c) => c.video_id)).toEqual([
      'DOCK3/165-0-7/normal-0',
      'M4TD/176-0-0/normal-0',
      'M4TD/99-0-0/wide-0',
    ]);
    expect(camerasOf('M4TD', false, DOCK3_STATE, none).map((c) => c.video_id)).toEqual(['M4TD/176-0-0/normal-0', 'M4TD/99-0-0/wide-0']);
  });

  it('takes the lens from live_status, not from video_index, and the device-reported live state', () => {
    const zoom = camerasOf('M4TD', false, DOCK3_STATE, none)[1];
    expect(zoom).toMatchObject({ video_type: 'zoom', live: { status: 'live', quality: 2, error: 0, viewers: 0, ended_reason: null } });
  });

  it.each<[string, StreamView, Partial<ReturnType<typeof camerasOf>[number]['live']>]>([
    ['our live stream with viewers', { status: 'live', quality: 1, lens: 'ir', viewers: 3, endedReason: null }, { status: 'live', quality: 1, viewers: 3 }],
    ['an ended stream', { status: 'ended', quality: 2, lens: null, viewers: 0, endedReason: 'offline' }, { status: 'ended', ended_reason: 'offline' }],
    ['a start waiting for its reply', { status: 'starting', quality: null, lens: null, viewers: 0, endedReason: null }, { status: 'starting', quality: 2 }],
  ])('our stream view wins: %s', (_case, view, expected) => {
    const [, zoom] = camerasOf('M4TD', false, DOCK3_STATE, (id) => (id === 'M4TD/99-0-0/wide-0' ? view : undefined));
    expect(zoom.live).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no live_capacity', {}],
    ['an unreadable live_capacity', { live_capacity: { device_list: 'x' } }],
  ])('no cameras for %s', (_case, state) => expect(camerasOf('DOCK3', true, state, none)).toEqual([]));
});

describe('play URL signatures', () => {
  const query = (q: string) => Object.fromEntries(new URLSearchParams(q)) as { exp: string; sig: string };
  const signed = query(signPlay('secret', 'NAME', 1000));
  it.each<[string, string, unknown, unknown, number, string]>([
    ['valid', 'NAME', signed.exp, signed.sig, 999, 'ok'],
    ['expired', 'NAME', signed.exp, signed.sig, 1001, 'expired'],
    ['another stream', 'OTHER', signed.exp, signed.sig, 999, 'bad_signature'],
    ['a later expiry', 'NAME', '2000', signed.sig, 999, 'bad_signature'],
    ['no signature', 'NAME', undefined, undefined, 999, 'unsigned'],
    ['a malformed expiry', 'NAME', '1e3', signed.sig, 999, 'unsigned'],
  ])('%s', (_case, name, exp, sig, now, expected) => expect(verifyPlay('secret', name, exp, sig, now)).toBe(expected));
});

describe('DJI live error codes', () => {
  it.each<[number, string | undefined]>([
    [513001, 'no_aircraft'],
    [613006, 'not_in_camera_view'],
    [13003, 'already_live'],
    [513017, 'paused_for_download'],
    [514001, undefined],
    [513050, undefined],
  ])('%i', (result, key) => expect(liveErrorMeaning(result)?.key).toBe(key));
});
