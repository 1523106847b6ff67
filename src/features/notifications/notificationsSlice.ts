import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { Severity } from '../../api/errorCatalogue';

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
const MAX_QUEUED = 5;

export interface NotificationsState {
  queue: Toast[];
}

type ToastText = Pick<Toast, 'messageKey' | 'params'>;

export type ToastRequest = Pick<Toast, 'messageKey' | 'severity'> &
  Partial<Omit<Toast, 'messageKey' | 'severity'>> & {
    /** A more telling text for the same event: it takes the place of this toast when that is the last one queued. */
    supersedes?: ToastText;
  };

const sameText = (a: ToastText, b: ToastText) => a.messageKey === b.messageKey && JSON.stringify(a.params) === JSON.stringify(b.params);

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { queue: [] } as NotificationsState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast & Pick<ToastRequest, 'supersedes'>>) {
        const { supersedes, ...toast } = action.payload;
        const last = state.queue[state.queue.length - 1];
        // The same message twice in a row (e.g. several requests failing at once) is shown once.
        if (last && sameText(last, toast)) return;
        if (last && supersedes && sameText(last, supersedes)) {
          state.queue[state.queue.length - 1] = toast;
          return;
        }
        state.queue.push(toast);
        if (state.queue.length > MAX_QUEUED) state.queue.shift();
      },
      prepare(request: ToastRequest) {
        return { payload: { id: nanoid(), durationMs: DEFAULT_TOAST_MS, position: DEFAULT_TOAST_POSITION, ...request } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((t) => t.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = notificationsSlice.actions;
export const selectCurrentToast = (state: { notifications: NotificationsState }) => state.notifications.queue[0] ?? null;
export default notificationsSlice.reducer;
