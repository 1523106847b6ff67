import { create } from 'content-disposition';

/**
 * `Content-Disposition: attachment` naming a download, built by the `content-disposition` package (RFC 6266 quoting,
 * the real name UTF-8 percent-encoded in `filename*` so Chinese route names survive), with an ASCII `filename`
 * fallback for old clients in which anything but printable ASCII, `"` and `\` becomes "_".
 */
export function attachment(fileName: string): string {
  return create(fileName, { fallback: fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') });
}
