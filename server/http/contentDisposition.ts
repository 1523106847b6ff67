/**
 * `Content-Disposition: attachment` naming a download: an ASCII fallback `filename` for old clients and the real
 * name in `filename*` (RFC 6266 / RFC 5987, UTF-8 percent-encoded) so Chinese route names survive.
 */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
