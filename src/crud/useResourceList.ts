import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { mergeQuery, queryFromSearchParams, queryToSearchParams, sameQuery, type QueryPatch } from './queryRules';
import { listRequested, type ResourceState } from './resourcesSlice';
import { selectResource } from './selectors';
import { DEFAULT_QUERY, type AnyRow, type CollectionName, type ResourceKey, type ResourceQuery, type RowOf } from './types';

/** A list screen's view: the results from the store, the query from the address, and the way to change it. */
export interface ResourceList<Row = AnyRow> extends ResourceState<Row> {
  query: ResourceQuery;
  changeQuery: (patch: QueryPatch) => void;
}

/**
 * The address is the one place a list screen's query lives, so a view can be shared and survives a reload: the
 * query is read from it, every change is written to it, and each new query fetches the list. `pinned` filters are
 * written even when they equal the default (see queryToSearchParams).
 */
export function useResourceList<R extends CollectionName>(
  resource: ResourceKey<R>,
  defaults: ResourceQuery = DEFAULT_QUERY,
  pinned: readonly string[] = [],
): ResourceList<RowOf<R>> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const state = useAppSelector((s) => selectResource(s, resource));
  const query = queryFromSearchParams(search, defaults);
  const queryKey = queryToSearchParams(query).toString();

  const showQuery = (next: ResourceQuery) => {
    const wanted = queryToSearchParams(next, defaults, pinned).toString();
    if (wanted !== new URLSearchParams(search).toString()) void navigate({ pathname, search: wanted ? `?${wanted}` : '' }, { replace: true });
  };

  // Results already answering this query (e.g. back on a tab) are shown as they are. The address is rewritten in
  // its canonical form (malformed values dropped, pinned filters spelled out), which reads back as the same query.
  const load = useEffectEvent(() => {
    if (state.status === 'idle' || !sameQuery(query, state.resultQuery)) dispatch(listRequested({ resource, query }));
    showQuery(query);
  });
  useEffect(() => load(), [resource, queryKey]);

  const changeQuery = (patch: QueryPatch) => showQuery(mergeQuery(query, patch));

  return { ...state, query, changeQuery };
}
