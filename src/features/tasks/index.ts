// The tasks feature's public face: other features import these from here, never its files.
export { default as TaskProgressView } from './TaskProgressView';
export { selectTaskLive, selectTasksLive, taskLiveReceived } from './tasksSlice';
export { taskLink } from './taskLink';
