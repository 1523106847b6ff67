import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../auth';
import { openTab, type Tab } from './tabRules';

export interface TabsState {
  tabs: Tab[];
  activePath: string | null;
}

export const initialTabsState: TabsState = { tabs: [], activePath: null };

const tabsSlice = createSlice({
  name: 'tabs',
  initialState: initialTabsState,
  reducers: {
    pageOpened(state, action: PayloadAction<Tab>) {
      state.tabs = openTab(state.tabs, action.payload);
      state.activePath = action.payload.path;
    },
    tabClosed(state, action: PayloadAction<string>) {
      state.tabs = state.tabs.filter((t) => t.path !== action.payload);
    },
    otherTabsClosed(state, action: PayloadAction<string>) {
      state.tabs = state.tabs.filter((t) => t.path === action.payload);
    },
    allTabsClosed(state) {
      state.tabs = [];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialTabsState).addCase(sessionExpired, () => initialTabsState);
  },
});

/** The user asked to close a tab; the saga closes it and moves away if it was on screen. */
export const tabCloseRequested = createAction<string>('tabs/closeRequested');

export const { pageOpened, tabClosed, otherTabsClosed, allTabsClosed } = tabsSlice.actions;
export default tabsSlice.reducer;
