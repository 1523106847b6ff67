import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Fields beyond id and name arrive with the backend's project model. */
export interface Project {
  id: number;
  name: string;
  [field: string]: unknown;
}

export interface ProjectState {
  current: Project | null;
  joiningId: number | null;
}

const projectSlice = createSlice({
  name: 'project',
  initialState: { current: null, joiningId: null } as ProjectState,
  reducers: {
    projectJoinRequested(state, action: PayloadAction<number>) {
      state.joiningId = action.payload;
    },
    projectLoaded(state, action: PayloadAction<Project>) {
      state.current = action.payload;
      state.joiningId = null;
    },
    /** Spec §4: a failed project load is ignored; the current project stays as it was. */
    projectLoadFailed(state) {
      state.joiningId = null;
    },
    projectExited(state) {
      state.current = null;
    },
  },
});

export const { projectJoinRequested, projectLoaded, projectLoadFailed, projectExited } = projectSlice.actions;
export const selectCurrentProject = (state: { project: ProjectState }) => state.project.current;
export default projectSlice.reducer;
export const selectJoiningProjectId = (state: { project: ProjectState }) => state.project.joiningId;
export const selectCurrentProjectId = (state: { project: ProjectState }) => state.project.current?.id ?? null;
