import type { RootState } from '../../app/rootReducer';

export const selectTabs = (state: RootState) => state.tabs.tabs;
export const selectActiveTabPath = (state: RootState) => state.tabs.activePath;
