import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TaskLive } from '@shared/entities/task';

/** What sysinfo/task said last about each dispatched task (newer than the loaded list until it reloads). */
export interface TasksState {
  live: Record<number, TaskLive>;
}

const initialState: TasksState = { live: {} };

const tasksSlice = createSlice({
  name: 'tasks',
  initialState,
  reducers: {
    taskLiveReceived(state, action: PayloadAction<TaskLive>) {
      const previous = state.live[action.payload.task_id];
      // QoS 1 may deliver an older message late: keep the newest.
      if (!previous || previous.at <= action.payload.at) state.live[action.payload.task_id] = action.payload;
    },
  },
});

export const { taskLiveReceived } = tasksSlice.actions;
export const selectTaskLive = (state: { tasks: TasksState }, taskId: number): TaskLive | undefined => state.tasks.live[taskId];
export const selectTasksLive = (state: { tasks: TasksState }) => state.tasks.live;
export default tasksSlice.reducer;
