import { FLY_TO_LIMITS } from '@shared/dji/flightReport';

/** What the fly-to dialog holds: the fields as typed. */
export interface FlyToDraft {
  height: string;
  maxSpeed: string;
}

/** Why a field of the dialog is not sent (the text key under `situation.flyTo.errors`), or null. */
export type FlyToFieldError = 'required' | 'height' | 'speed' | null;

/** The dialog's verdict: each field's error, and the values to send when there is none. */
export interface FlyToCheck {
  errors: { height: FlyToFieldError; maxSpeed: FlyToFieldError };
  values: { height: number; max_speed: number } | null;
}

const number = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * What the fly-to dialog allows (DJI's fly_to_point: ellipsoidal height 2–10000 m, a whole speed of 1–15 m/s), so the
 * confirm button sends only what the API takes. Pure.
 */
export function checkFlyTo(draft: FlyToDraft): FlyToCheck {
  const height = number(draft.height);
  const speed = number(draft.maxSpeed);
  const { height: h, maxSpeed: s } = FLY_TO_LIMITS;
  const errors = {
    height: height === null ? 'required' : Number.isFinite(height) && height >= h.min && height <= h.max ? null : 'height',
    maxSpeed: speed === null ? 'required' : Number.isInteger(speed) && speed >= s.min && speed <= s.max ? null : 'speed',
  } satisfies FlyToCheck['errors'];
  return { errors, values: errors.height === null && errors.maxSpeed === null ? { height: height!, max_speed: speed! } : null };
}

/** A text key under `situation.flyTo` with its parameters. */
export interface RemainingText {
  key: 'remainingSeconds' | 'remainingMinutes' | 'remainingUnknown';
  params: Record<string, string | number>;
}

/**
 * The remaining distance and time of a command flight as the card says it: metres rounded to whole ones (to 0.1 km
 * from 1 km), seconds under a minute, else minutes and seconds; unknown until the aircraft reported them. Pure.
 */
export function remainingText(distance: number | null, seconds: number | null): RemainingText {
  if (distance === null || seconds === null) return { key: 'remainingUnknown', params: {} };
  const where = distance >= 1000 ? `${(distance / 1000).toFixed(1)} km` : `${Math.round(distance)} m`;
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return { key: 'remainingSeconds', params: { distance: where, seconds: total } };
  return { key: 'remainingMinutes', params: { distance: where, minutes: Math.floor(total / 60), seconds: String(total % 60).padStart(2, '0') } };
}
