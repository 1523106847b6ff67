import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toastShown, type Toast, type ToastText } from '../../shared/toasts';

const MAX_QUEUED = 5;

export interface NotificationsState {
  queue: Toast[];
}

const sameText = (a: ToastText, b: ToastText) => a.messageKey === b.messageKey && JSON.stringify(a.params) === JSON.stringify(b.params);

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { queue: [] } as NotificationsState,
  reducers: {
    toastDismissed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((t) => t.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    // toastShown is the lower layer's (src/shared/toasts.ts), so the CRUD kit asks for toasts without this feature.
    builder.addCase(toastShown, (state, action) => {
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
    });
  },
});

export const { toastDismissed } = notificationsSlice.actions;
export const selectCurrentToast = (state: { notifications: NotificationsState }) => state.notifications.queue[0] ?? null;
export default notificationsSlice.reducer;
