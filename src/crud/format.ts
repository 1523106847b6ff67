/** A referenced row's display name as the API sends it beside the id (e.g. row.pilot_name), "—" without one. */
export const refName = (name: string | null | undefined) => (name === null || name === undefined || name === '' ? '—' : name);

/** What rowName reads of a row: any row has its id, many a name, a title or a purpose. */
export interface NamedRow {
  id: number;
  name?: unknown;
  title?: unknown;
  purpose?: unknown;
}

/** How the kit names a row (a delete's question, a pick list's option, a row's actions): its name, title or purpose, else its id. */
export function rowName(row: NamedRow): string {
  const name = [row.name, row.title, row.purpose].find((value) => typeof value === 'string' && value !== '');
  return typeof name === 'string' ? name : String(row.id);
}
