import { useEffect, useEffectEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useCrudEnvironment } from './environment';
import { resourceConfig } from './registry';
import { detailRequested, listRequested } from './resourcesSlice';
import { rowName } from './format';
import { selectResource, selectResourceState } from './selectors';
import { baseResource, DEFAULT_QUERY, type CollectionName, type ResourceKey, type RowOf } from './types';

export interface Option {
  value: string;
  label: string;
}

/**
 * The options of a select, loaded from a collection (first 100, the API's page limit) into the list state
 * "<resource>@options", so a screen's own table query is left alone.
 */
export function useResourceOptions<R extends CollectionName>(
  resource: ResourceKey<R>,
  labelOf: (row: RowOf<R>) => string = rowName,
  filters: Record<string, string> = {},
  /** False loads nothing (e.g. a form the user may not open: no lookup they may not make, no 403 toast). */
  enabled = true,
): { options: Option[]; rows: Array<RowOf<R>> } {
  const dispatch = useAppDispatch();
  const name: ResourceKey<R> = `${resource}@options`;
  const state = useAppSelector((s) => selectResource(s, name));
  // Reload when the filters change (e.g. routes of another project), not when the screen passes an equal object.
  const load = useEffectEvent(() => {
    if (enabled) dispatch(listRequested({ resource: name, query: { ...DEFAULT_QUERY, pageSize: 100, filters } }));
  });
  const filterKey = JSON.stringify(filters);
  useEffect(() => load(), [name, filterKey, enabled]);
  const options = state.items.map((row) => ({ value: String(row.id), label: labelOf(row) }));
  return { options, rows: state.items };
}

/** Whether the user may list or read the collection (any signed-in user may read one whose `read` is null). */
export function useCanRead(resource: string): boolean {
  const code = resourceConfig(resource).read;
  const { selectCan } = useCrudEnvironment();
  return useAppSelector((s) => (code ? selectCan(s, code) : true));
}

/**
 * The record a form's chosen id refers to (e.g. the approved application a plan is filed into), into
 * "<name>"'s detail; nothing is asked of a user who may not read the collection, nor for no id.
 */
export function useChosenRow<R extends CollectionName>(name: ResourceKey<R>, id: number | string | null | undefined): RowOf<R> | null {
  const allowed = useCanRead(baseResource(name));
  const chosen = id === null || id === undefined || id === '' || !allowed ? null : String(id);
  return useResourceDetail(name, chosen).detail;
}

/** One record by id (GET path/{id}/) into "<resource>@detail"; null id loads nothing. */
export function useResourceDetail<R extends CollectionName>(
  resource: ResourceKey<R>,
  id: number | string | null | undefined,
): { detail: RowOf<R> | null; status: string } {
  const dispatch = useAppDispatch();
  const name: ResourceKey<R> = `${resource}@detail`;
  const state = useAppSelector((s) => selectResource(s, name));
  useEffect(() => {
    if (id !== null && id !== undefined && id !== '') dispatch(detailRequested({ resource: name, id }));
  }, [dispatch, name, id]);
  const matches = state.detail && typeof state.detail === 'object' && 'id' in state.detail && String(state.detail.id) === String(id);
  return { detail: matches ? (state.detail as RowOf<R>) : null, status: state.detailStatus };
}

/** A document GET of the collection path with query params (e.g. /chartinfo/?from&to); null params load nothing yet. */
export function useResourceDocument<T>(resource: string, params: Record<string, string | number> | null): { data: T | null; status: string } {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => selectResourceState(s, resource));
  const load = useEffectEvent(() => {
    if (params) dispatch(detailRequested({ resource, params }));
  });
  const paramsKey = JSON.stringify(params);
  useEffect(() => load(), [resource, paramsKey]);
  return { data: (state.detail as T | null) ?? null, status: state.detailStatus };
}
