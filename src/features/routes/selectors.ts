import type { RootState } from '../../app/rootReducer';

export const selectRouteEditor = (state: RootState) => state.routeEditor;
export const selectDraft = (state: RootState) => state.routeEditor.draft;
