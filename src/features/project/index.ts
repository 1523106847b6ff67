// The project feature's public face: other features import these from here, never its files.
export { projectExited, projectJoinRequested, projectLoaded, selectCurrentProject, selectCurrentProjectId, selectJoiningProjectId } from './projectSlice';
