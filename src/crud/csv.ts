// The console and the server's exports write CSV the same way.
export { toCsv } from '@shared/csv';

/** Saves text as a file in the browser. */
export function downloadText(doc: Document, name: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(doc, name, new Blob([text], { type }));
}

/** Saves a file (e.g. one the server sent) in the browser. */
export function downloadBlob(doc: Document, name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  downloadUrl(doc, name, url);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves the file at an address the browser may fetch without a token (e.g. a signed media link). */
export function downloadUrl(doc: Document, name: string, url: string) {
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
}
