// A text cell starting like a formula gets a leading ' so spreadsheet apps show it instead of running it (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

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

/** Saves text as a file in the browser. */
export function downloadText(doc: Document, name: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(doc, name, new Blob([text], { type }));
}

/** Saves a file (e.g. one the server sent) in the browser. */
export function downloadBlob(doc: Document, name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
