import type { Option } from './hooks';

/** The label of an id among a select's options, "#id" when it is not among them (options hold the first 100). */
export const labelIn = (options: Option[], id: unknown) =>
  id === null || id === undefined ? '—' : (options.find((o) => o.value === String(id))?.label ?? `#${String(id)}`);
