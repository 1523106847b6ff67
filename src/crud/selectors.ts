import type { RootState } from '../app/rootReducer';
import { initialResourceState, type ResourceState } from './resourcesSlice';

export const selectResource = (state: RootState, resource: string): ResourceState => state.resources[resource] ?? initialResourceState;
