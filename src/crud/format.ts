import type { Option } from './hooks';

/** A referenced row's display name as the API sends it beside the id (e.g. row.pilot_name), "—" without one. */
export const refName = (name: unknown) => (name === null || name === undefined || name === '' ? '—' : String(name));

/** The label of an id among a select's options, "#id" when it is not among them (options hold the first 100). */
export const labelIn = (options: Option[], id: unknown) =>
  id === null || id === undefined ? '—' : (options.find((o) => o.value === String(id))?.label ?? `#${String(id)}`);
