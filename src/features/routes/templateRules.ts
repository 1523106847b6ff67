import { WAYPOINT_TEMPLATE } from '@shared/wayline/defaults';
import type { RouteDraft } from './routeEditorSlice';

/**
 * Saving this draft turns an imported non-waypoint template (mapping2d, mappingPrism, targetdetection, …) into a
 * waypoint route, dropping its type, area, settings and original file: the editor asks first and then sends the
 * server's conversion flag. A change of name or project alone keeps the template.
 */
export const needsConversion = (draft: Pick<RouteDraft, 'id' | 'template_type' | 'flightEdited'>): boolean =>
  draft.id !== null && draft.template_type !== WAYPOINT_TEMPLATE && draft.flightEdited;

/** What a save sends: the waypoints and settings only when they changed (so a renamed import stays as imported). */
export function saveBody(draft: RouteDraft, convert: boolean) {
  const flight = draft.id === null || draft.flightEdited ? { waypoints: draft.waypoints, settings: draft.settings } : {};
  return { project_id: draft.project_id, name: draft.name, ...flight, ...(convert ? { convert_to_waypoint: true as const } : {}) };
}
