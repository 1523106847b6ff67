import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import { selectPermissions } from '../auth';
import { visibleMenu } from '../navigation';
import { firstMenuPath } from './menuTree';

export const selectMenuTree = (state: RootState) => state.menu.tree;
/** The menu as the signed-in user sees it: pages their permission codes do not cover are hidden. */
export const selectVisibleMenuTree = createSelector([selectMenuTree, selectPermissions], (tree, permissions) => visibleMenu(tree, permissions));
export const selectSidebarCollapsed = (state: RootState) => state.menu.collapsed;
export const selectFirstMenuPath = (state: RootState) => firstMenuPath(selectVisibleMenuTree(state));
export const selectOpenMenuGroups = (state: RootState) => state.menu.openGroups;
