import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MenuItem } from './menuTypes';
import { collapsedAfterResize } from './sidebarRules';

export interface MenuState {
  tree: MenuItem[];
  /** Menu routes are built once, on the first navigation. */
  loaded: boolean;
  collapsed: boolean;
  viewportWidth: number | null;
  /** Ids of the menu groups the user has expanded in the sidebar. */
  openGroups: string[];
}

export const initialMenuState: MenuState = { tree: [], loaded: false, collapsed: false, viewportWidth: null, openGroups: [] };

const menuSlice = createSlice({
  name: 'menu',
  initialState: initialMenuState,
  reducers: {
    menuLoaded(state, action: PayloadAction<MenuItem[]>) {
      if (state.loaded) return;
      state.tree = action.payload;
      state.loaded = true;
    },
    sidebarToggled(state) {
      state.collapsed = !state.collapsed;
    },
    menuGroupToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.openGroups = state.openGroups.includes(id) ? state.openGroups.filter((g) => g !== id) : [...state.openGroups, id];
    },
    viewportResized(state, action: PayloadAction<number>) {
      state.collapsed = collapsedAfterResize(state.viewportWidth, action.payload, state.collapsed);
      state.viewportWidth = action.payload;
    },
  },
});

export const { menuLoaded, sidebarToggled, menuGroupToggled, viewportResized } = menuSlice.actions;
export default menuSlice.reducer;
