import type { DroneTrack } from '../broker';
import type { Telemetry } from '@shared/live';
import type { StatusFilter } from './situationSlice';

export const STATUS_COLOURS: Record<string, string> = { flying: '#1e88e5', online: '#43a047', maintenance: '#fb8c00', offline: '#9e9e9e' };
export const FLAGGED_COLOUR = '#e53935';
export const colourOf = (status: string, flagged: boolean) => (flagged ? FLAGGED_COLOUR : (STATUS_COLOURS[status] ?? '#607d8b'));

/** The side list: drones matching the search (serial or task) and the status filter, sorted by serial. */
export function filterFleet(telemetry: Record<string, DroneTrack>, search: string, filter: StatusFilter, flagged: ReadonlySet<string>): Telemetry[] {
  const needle = search.trim().toLowerCase();
  const rows: Telemetry[] = [];
  for (const sn in telemetry) {
    const t = telemetry[sn].latest;
    if (
      needle &&
      !sn.toLowerCase().includes(needle) &&
      !String(t.taskId ?? '')
        .toLowerCase()
        .includes(needle)
    )
      continue;
    if (filter === 'flagged' ? !flagged.has(sn) : filter !== 'all' && t.status !== filter) continue;
    rows.push(t);
  }
  return rows.sort((a, b) => (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0));
}

/** Counts by status, for the filter's labels. */
export function countByStatus(telemetry: Record<string, DroneTrack>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sn in telemetry) {
    const s = telemetry[sn].latest.status;
    counts[s] = (counts[s] ?? 0) + 1;
  }
  return counts;
}
