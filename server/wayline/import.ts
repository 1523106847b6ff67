import type { ImportWarning, Wayline } from '@shared/wayline/model';
import { WaylineError } from './errors';
import { readKmz } from './kmz';
import { readGeoJsonLine, readGpxLine, readKmlLine } from './lineImport';
import { isZip } from './zip';

/**
 * Any wayline file the route import accepts, recognised by its content (never by the client's name or type): a zip
 * is a DJI KMZ, JSON is GeoJSON, XML is KML or GPX by its root element.
 */
export function readWaylineFile(fileName: string, bytes: Uint8Array): Wayline & { warnings: ImportWarning[] } {
  if (isZip(bytes)) return readKmz(bytes);
  const source = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const start = source.trimStart();
  if (start.startsWith('{')) return readGeoJsonLine(source, fileName);
  if (start.startsWith('<')) {
    if (/<(\w+:)?gpx[\s>]/.test(source)) return readGpxLine(source, fileName);
    return readKmlLine(source, fileName);
  }
  throw new WaylineError('route.unknown_format', `${fileName} is not a KMZ, KML, GPX or GeoJSON file`, { file: fileName });
}
