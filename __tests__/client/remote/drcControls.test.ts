import { NO_STICKS } from '@shared/dji/drcMessages';
import { DRC_KEYS, obstaclesOf, sticksFor, type DrcKey } from '../../../src/features/remote/drcControls';

describe('keys held → drone_control sticks (DJI axes: x forward, y right, h up, w clockwise yaw)', () => {
  it.each<[string, DrcKey[], { x: number; y: number; h: number; w: number }]>([
    ['nothing', [], NO_STICKS],
    ['W forward', ['forward'], { x: 5, y: 0, h: 0, w: 0 }],
    ['S back', ['back'], { x: -5, y: 0, h: 0, w: 0 }],
    ['A left', ['left'], { x: 0, y: -5, h: 0, w: 0 }],
    ['D right', ['right'], { x: 0, y: 5, h: 0, w: 0 }],
    ['W and S cancel out', ['forward', 'back'], NO_STICKS],
    ['Q yaw left', ['yawLeft'], { x: 0, y: 0, h: 0, w: -30 }],
    ['E yaw right', ['yawRight'], { x: 0, y: 0, h: 0, w: 30 }],
    ['R up', ['up'], { x: 0, y: 0, h: 2, w: 0 }],
    ['F down', ['down'], { x: 0, y: 0, h: -2, w: 0 }],
    ['forward, right, up and a turn at once', ['forward', 'right', 'up', 'yawRight'], { x: 5, y: 5, h: 2, w: 30 }],
  ])('%s', (_name, held, sticks) => expect(sticksFor(new Set(held))).toEqual(sticks));

  it.each<[string, DrcKey[], { x: number; y: number; h: number; w: number }]>([
    ['forward capped at 17 m/s', ['forward'], { x: 17, y: 0, h: 0, w: 0 }],
    ['left capped at −17 m/s', ['left'], { x: 0, y: -17, h: 0, w: 0 }],
    ['up capped at 5 m/s', ['up'], { x: 0, y: 0, h: 5, w: 0 }],
    ['down capped at −4 m/s', ['down'], { x: 0, y: 0, h: -4, w: 0 }],
    ['yaw capped at 90 °/s', ['yawLeft'], { x: 0, y: 0, h: 0, w: -90 }],
  ])('within DJI ranges: %s', (_name, held, sticks) => expect(sticksFor(new Set(held), { horizontal: 30, up: 10, down: 10, yaw: 200 })).toEqual(sticks));

  it.each([
    ['KeyW', 'forward'],
    ['KeyS', 'back'],
    ['KeyA', 'left'],
    ['KeyD', 'right'],
    ['KeyQ', 'yawLeft'],
    ['KeyE', 'yawRight'],
    ['ArrowLeft', 'yawLeft'],
    ['ArrowRight', 'yawRight'],
    ['KeyR', 'up'],
    ['KeyF', 'down'],
    ['KeyX', undefined],
  ])('%s → %s', (code, key) => expect(DRC_KEYS[code]).toBe(key));
});

describe('hsi_info_push → nearest obstacle per side (m)', () => {
  const around = (at: Record<number, number>) => Array.from({ length: 360 }, (_, i) => at[i] ?? 60_000);
  it.each([
    [
      'nothing sensed',
      { around_distances: around({}), up_distance: 60_000, down_distance: 60_000 },
      { front: null, right: null, back: null, left: null, up: null, down: null },
    ],
    [
      'one per side, clockwise from the nose',
      { around_distances: around({ 0: 5000, 350: 4000, 90: 7000, 180: 9000, 270: 3000, 300: 2500 }), up_distance: 12_000, down_distance: 800 },
      { front: 4, right: 7, back: 9, left: 2.5, up: 12, down: 0.8 },
    ],
    [
      'the TOF fallback: four values',
      { around_distances: [1000, 2000, 3000, 4000], up_distance: 0, down_distance: 60_000 },
      { front: 1, right: 2, back: 3, left: 4, up: null, down: null },
    ],
  ])('%s', (_name, hsi, obstacles) => expect(obstaclesOf(hsi)).toEqual(obstacles));
});
