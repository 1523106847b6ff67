// A text cell starting like a formula gets a leading ' so spreadsheet apps show it instead of running it (CSV injection).
// Spreadsheet apps read the full-width forms (＝ ＋ － ＠) as the ASCII ones, so they start a formula too.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Rows → CSV text (RFC 4180 quoting; a BOM so spreadsheet apps read UTF-8 Chinese; formulas neutralised). Pure. */
export function toCsv(rows: Array<Record<string, unknown>>, columns: Array<{ field: string; header: string }>): string {
  const cell = (v: unknown) => {
    const raw = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    const text = typeof v === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [columns.map((c) => cell(c.header)).join(','), ...rows.map((r) => columns.map((c) => cell(r[c.field])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
