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
    /** The user's tabs from the last visit: they come first, the pages opened since stay open (and active). */
    tabsRestored(state, action: PayloadAction<TabsState>) {
      state.tabs = state.tabs.reduce((tabs, tab) => openTab(tabs, tab), action.payload.tabs);
      state.activePath = state.activePath ?? action.payload.activePath;
    },
    /** A page that is not a tab is on screen (404, 403): no tab is active. */
    tablessPageOpened(state) {
      state.activePath = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialTabsState).addCase(sessionExpired, () => initialTabsState);
  },
});

/** The user asked to close a tab; the saga closes it and moves away if it was on screen. */
export const tabCloseRequested = createAction<string>('tabs/closeRequested');

export const { pageOpened, tabClosed, otherTabsClosed, allTabsClosed, tabsRestored, tablessPageOpened } = tabsSlice.actions;
export default tabsSlice.reducer;
