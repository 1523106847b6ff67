import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { queryFromSearchParams, queryToSearchParams, sameQuery } from './queryRules';
import { querySet } from './resourcesSlice';
import { selectResource } from './selectors';
import { DEFAULT_QUERY, type ResourceQuery } from './types';

/**
 * Keeps a list screen's query in the store and in the URL: opening a link (or reloading) loads the query from the
 * URL; every change in the store is written back to the URL, so the view can be shared. `pinned` filters are
 * written even when they equal the default (see queryToSearchParams).
 */
export function useResourceList(resource: string, defaults: ResourceQuery = DEFAULT_QUERY, pinned: readonly string[] = []) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const state = useAppSelector((s) => selectResource(s, resource));

  useEffect(() => {
    const fromUrl = queryFromSearchParams(search, defaults);
    if (state.status === 'idle' || !sameQuery(fromUrl, state.query)) dispatch(querySet({ resource, query: fromUrl }));
    // Only a URL change (navigation, reload, shared link) drives this; store changes are handled below.
  }, [search, resource]);

  useEffect(() => {
    if (state.status === 'idle') return;
    const wanted = queryToSearchParams(state.query, defaults, pinned).toString();
    if (wanted !== new URLSearchParams(search).toString()) navigate({ pathname, search: wanted ? `?${wanted}` : '' }, { replace: true });
  }, [state.query]);

  return state;
}
