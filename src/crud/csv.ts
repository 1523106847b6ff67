// The console and the server's exports write CSV the same way.
export { toCsv } from '@shared/csv';

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
