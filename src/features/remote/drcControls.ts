import { HSI_NOTHING_MM, NO_STICKS, STICK_LIMITS, type HsiInfoPush, type Sticks } from '@shared/dji/drcMessages';

/** What a held key asks of the aircraft (DJI's axes: x forward/back, y left/right, h up/down, w yaw). */
export type DrcKey = 'forward' | 'back' | 'left' | 'right' | 'yawLeft' | 'yawRight' | 'up' | 'down';

/** W/S forward/back, A/D left/right, Q/E or the arrows yaw, R/F up/down (KeyboardEvent.code, whatever the layout). */
export const DRC_KEYS: Readonly<Record<string, DrcKey>> = {
  KeyW: 'forward',
  KeyS: 'back',
  KeyA: 'left',
  KeyD: 'right',
  KeyQ: 'yawLeft',
  KeyE: 'yawRight',
  ArrowLeft: 'yawLeft',
  ArrowRight: 'yawRight',
  KeyR: 'up',
  KeyF: 'down',
};
/** The emergency stop (drone_emergency_stop). */
export const EMERGENCY_STOP_KEY = 'Space';

/** How fast a held key moves the aircraft: m/s forward/back and sideways, up, down; °/s yaw. */
export interface StickSpeeds {
  horizontal: number;
  up: number;
  down: number;
  yaw: number;
}
export const DEFAULT_SPEEDS: StickSpeeds = { horizontal: 5, up: 2, down: 2, yaw: 30 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The drone_control sticks for the keys held: each axis the difference of its two keys (both held: none) at `speeds`,
 * within DJI's ranges (x, y ±17 m/s, h −4…+5 m/s, w ±90 °/s). Pure.
 */
export function sticksFor(held: ReadonlySet<DrcKey>, speeds: StickSpeeds = DEFAULT_SPEEDS): Sticks {
  if (held.size === 0) return NO_STICKS;
  const axis = (plus: DrcKey, minus: DrcKey) => (held.has(plus) ? 1 : 0) - (held.has(minus) ? 1 : 0);
  const h = axis('up', 'down');
  return {
    x: clamp(axis('forward', 'back') * speeds.horizontal, -STICK_LIMITS.x, STICK_LIMITS.x),
    y: clamp(axis('right', 'left') * speeds.horizontal, -STICK_LIMITS.y, STICK_LIMITS.y),
    h: clamp(h * (h > 0 ? speeds.up : speeds.down), -STICK_LIMITS.hDown, STICK_LIMITS.hUp),
    w: clamp(axis('yawRight', 'yawLeft') * speeds.yaw, -STICK_LIMITS.w, STICK_LIMITS.w),
  };
}

/** The nearest obstacle per side (m; null: nothing sensed), from hsi_info_push. */
export interface Obstacles {
  front: number | null;
  right: number | null;
  back: number | null;
  left: number | null;
  up: number | null;
  down: number | null;
}

const metres = (mm: number | undefined) => (mm === undefined || !Number.isFinite(mm) || mm >= HSI_NOTHING_MM || mm <= 0 ? null : mm / 1000);

/**
 * The nearest obstacle in each quarter around the nose (`around_distances` run clockwise from it, 360 values, or the
 * 4 of a TOF fallback), above and below. Pure.
 */
export function obstaclesOf(hsi: Pick<HsiInfoPush, 'around_distances' | 'up_distance' | 'down_distance'>): Obstacles {
  const around = hsi.around_distances ?? [];
  const step = around.length > 0 ? 360 / around.length : 0;
  const sides: (keyof Obstacles)[] = ['front', 'right', 'back', 'left'];
  const nearest: Record<string, number | null> = { front: null, right: null, back: null, left: null };
  around.forEach((mm, i) => {
    const side = sides[Math.floor((((i * step + 45) % 360) + 360) / 90) % 4];
    const m = metres(mm);
    if (m !== null && (nearest[side] === null || m < nearest[side]!)) nearest[side] = m;
  });
  return { front: nearest.front, right: nearest.right, back: nearest.back, left: nearest.left, up: metres(hsi.up_distance), down: metres(hsi.down_distance) };
}
