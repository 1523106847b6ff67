import type { RootState } from '../app/rootReducer';
import { initialResourceState, type ResourceState } from './resourcesSlice';
import type { CollectionName, ResourceKey, ResourceQuery, RowOf } from './types';

/** A list state by any name (e.g. a document's detail, a status), its rows of some collection. */
export const selectResourceState = (state: RootState, resource: string): ResourceState => state.resources[resource] ?? initialResourceState;

/**
 * The list state of a collection (or a view of it, "device@options"), its rows typed as the collection's shared row
 * schema says. The slice keeps every collection's rows under a name; this is where a name says which rows they are.
 */
export const selectResource = <R extends CollectionName>(state: RootState, resource: ResourceKey<R>): ResourceState<RowOf<R>> =>
  selectResourceState(state, resource) as ResourceState<RowOf<R>>;

/** The query the resource's current results answer (what a reload or an export fetches again). */
export const selectResultQuery = (state: RootState, resource: string): ResourceQuery => selectResourceState(state, resource).resultQuery;
