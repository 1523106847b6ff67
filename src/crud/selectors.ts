import type { RootState } from '../app/rootReducer';
import { initialResourceState, type ResourceState } from './resourcesSlice';
import type { ResourceQuery } from './types';

export const selectResource = (state: RootState, resource: string): ResourceState => state.resources[resource] ?? initialResourceState;

/** The query the resource's current results answer (what a reload or an export fetches again). */
export const selectResultQuery = (state: RootState, resource: string): ResourceQuery => selectResource(state, resource).resultQuery;
