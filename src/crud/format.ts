/** A referenced row's display name as the API sends it beside the id (e.g. row.pilot_name), "—" without one. */
export const refName = (name: unknown) => (name === null || name === undefined || name === '' ? '—' : String(name));
