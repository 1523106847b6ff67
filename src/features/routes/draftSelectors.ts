import { createSelector } from '@reduxjs/toolkit';
import { checkRoute, type RouteContext } from '@shared/wayline/checks';
import { routeMetrics } from '@shared/wayline/metrics';
import type { RootState } from '../../app/rootReducer';
import { selectDraft } from './selectors';

// Apart from selectors.ts: the route rules and metrics bring the schema and geometry libraries, which only the
// editor needs; the routes saga (started at sign-in, before any page) reads the draft through selectors.ts.

/** Length, duration and battery of the draft, as the server will compute them on save. */
export const selectDraftMetrics = createSelector([selectDraft], (draft) => (draft ? routeMetrics(draft.waypoints, draft.settings.drone_model) : null));

/** The route rules the server enforces on save, over the draft; the project context (ceiling, area, no-fly zones) comes from the page. */
export const selectDraftIssues = createSelector([selectDraft, (_state: RootState, context: RouteContext) => context], (draft, context) =>
  draft ? checkRoute(draft.waypoints, draft.settings, context) : [],
);
