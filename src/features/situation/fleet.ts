import { DEVICE_STATUSES, type DeviceStatus } from '@shared/live';
import type { FleetFrame } from './fleetFrame';
import { toScreenX, toScreenY, type View } from './projection';
import type { StatusFilter } from './situationSlice';

const STATUS_COLOURS: Record<DeviceStatus, string> = { flying: '#1e88e5', online: '#43a047', maintenance: '#fb8c00', offline: '#9e9e9e' };
const FLAGGED_COLOUR = '#e53935';

/** A slot's colour group: its status index, or DEVICE_STATUSES.length when flagged (drawn in FLAGGED_COLOUR). */
export const colourGroup = (frame: FleetFrame, slot: number) => (frame.flagged[slot] ? DEVICE_STATUSES.length : frame.status[slot]);
export const GROUP_COLOURS = [...DEVICE_STATUSES.map((s) => STATUS_COLOURS[s]), FLAGGED_COLOUR];
export const slotColour = (frame: FleetFrame, slot: number) => GROUP_COLOURS[colourGroup(frame, slot)];

/** The side list: slots matching the search (name, serial or task, case-insensitive) and the status filter, by serial. */
export function listRows(frame: FleetFrame, names: Readonly<Record<string, string>>, search: string, filter: StatusFilter): number[] {
  const needle = search.trim().toLowerCase();
  const has = (text: string | number | undefined) => text !== undefined && String(text).toLowerCase().includes(needle);
  const status = DEVICE_STATUSES.indexOf(filter as (typeof DEVICE_STATUSES)[number]);
  const rows: number[] = [];
  for (const slot of frame.order) {
    if (filter === 'flagged' ? !frame.flagged[slot] : status >= 0 && frame.status[slot] !== status) continue;
    const sn = frame.sn[slot];
    if (needle && !has(sn) && !has(names[sn]) && !has(frame.taskId[slot])) continue;
    rows.push(slot);
  }
  return rows;
}

/** Slots whose position lies on screen or within `margin` pixels of it: the only ones drawn. */
export function onScreen(frame: FleetFrame, view: View, margin: number): number[] {
  const slots: number[] = [];
  for (let slot = 0; slot < frame.count; slot++) {
    const x = toScreenX(view, frame.x[slot]);
    const y = toScreenY(view, frame.y[slot]);
    if (x >= -margin && y >= -margin && x <= view.width + margin && y <= view.height + margin) slots.push(slot);
  }
  return slots;
}

/** The slot drawn nearest to a container point, within `reach` pixels; -1 when none. */
export function nearestSlot(frame: FleetFrame, view: View, px: number, py: number, reach: number): number {
  let best = -1;
  let bestDistance = reach * reach;
  for (let slot = 0; slot < frame.count; slot++) {
    const distance = (toScreenX(view, frame.x[slot]) - px) ** 2 + (toScreenY(view, frame.y[slot]) - py) ** 2;
    if (distance <= bestDistance) {
      best = slot;
      bestDistance = distance;
    }
  }
  return best;
}
