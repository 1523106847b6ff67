import { createAction, nanoid } from '@reduxjs/toolkit';
import type { Severity } from '../api/errorCatalogue';

/**
 * The console's toasts as an action of this lower layer: the CRUD kit and every feature ask for one with `toastShown`,
 * and the notifications feature queues and shows them.
 */
export interface ToastPosition {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'center' | 'right';
}

export interface Toast {
  id: string;
  /** i18n key of the text. */
  messageKey: string;
  params?: Record<string, string | number>;
  severity: Severity;
  durationMs: number;
  position: ToastPosition;
}

/** Spec §9: message toasts last 3000 ms and sit at the top centre. */
export const DEFAULT_TOAST_MS = 3000;
export const DEFAULT_TOAST_POSITION: ToastPosition = { vertical: 'top', horizontal: 'center' };

export type ToastText = Pick<Toast, 'messageKey' | 'params'>;

export type ToastRequest = Pick<Toast, 'messageKey' | 'severity'> &
  Partial<Omit<Toast, 'messageKey' | 'severity'>> & {
    /** A more telling text for the same event: it takes the place of this toast when that is the last one queued. */
    supersedes?: ToastText;
  };

/** A toast as queued: its id and defaults filled in, with what it supersedes. */
export type ShownToast = Toast & Pick<ToastRequest, 'supersedes'>;

export const toastShown = createAction('notifications/toastShown', (request: ToastRequest): { payload: ShownToast } => ({
  payload: { id: nanoid(), durationMs: DEFAULT_TOAST_MS, position: DEFAULT_TOAST_POSITION, ...request },
}));
