import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import type { Envelope, HttpClient } from '../../api/client';
import { fetchProject } from '../../api/controller';
import { projectJoinRequested, projectLoaded, projectLoadFailed, type Project } from './projectSlice';

/**
 * Joining a project loads it (GET /api/Project/{id}/) and makes it the current one. Spec §4: a failed load is
 * ignored — no toast, the current project stays — but it is logged for whoever reads the console.
 */
export function* joinProject(action: PayloadAction<number>) {
  const client: HttpClient = yield getContext('http');
  try {
    const response: Envelope<Project> = yield call(fetchProject, client, action.payload);
    const project = response.data;
    if (!project || typeof project !== 'object' || project.id === undefined) throw new Error('the answer carries no project');
    yield put(projectLoaded(project));
  } catch (error) {
    console.warn(`Joining project ${action.payload} failed; keeping the current project.`, error);
    yield put(projectLoadFailed());
  }
}

export default function* projectSaga() {
  yield takeLatest(projectJoinRequested.type, joinProject);
}
