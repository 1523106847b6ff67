import type { ImportWarning, Wayline } from '@shared/wayline/model';
import { WAYPOINT_TEMPLATE } from '@shared/wayline/model';
import { WaylineError } from './errors';
import { type KmzRead, packKmz, readKmz, TEMPLATE, WAYLINES } from './kmz';
import { readGeoJsonLine, readGpxLine, readKmlLine } from './lineImport';
import { isZip } from './zip';

/** A read wayline file; `source`: a DJI file as a KMZ, kept as the route's original (absent for plain lines, which we write ourselves). */
export interface WaylineFile extends KmzRead {
  source?: Uint8Array;
}

/** The WPML namespace on a document's root (any version: 1.0.0 … 1.0.6 are in use): a bare DJI waylines.wpml or template.kml. */
const WPML_NAMESPACE = /xmlns:[\w.-]+\s*=\s*["']http:\/\/www\.dji\.com\/wpmz\//;
/** Only a template says which template it is. */
const TEMPLATE_TYPE = /<([\w.-]+:)?templateType[\s>]/;

const plainLine = (line: Wayline & { warnings: ImportWarning[] }): WaylineFile => ({ ...line, template_type: WAYPOINT_TEMPLATE, template: null });

/**
 * Any wayline file the route import accepts, recognised by its content (never by the client's name or type): a zip
 * is a DJI KMZ; XML in DJI's WPML namespace is a bare waylines.wpml or template.kml (kept wrapped in a KMZ, the way
 * DJI's software packs it); other XML is a KML or GPX line by its root element; JSON is GeoJSON.
 */
export function readWaylineFile(fileName: string, bytes: Uint8Array): WaylineFile {
  if (isZip(bytes)) return { ...readKmz(bytes), source: bytes };
  const source = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const start = source.trimStart();
  if (start.startsWith('{')) return plainLine(readGeoJsonLine(source, fileName));
  if (start.startsWith('<')) {
    if (WPML_NAMESPACE.test(source)) {
      const kmz = packKmz({ [TEMPLATE_TYPE.test(source) ? TEMPLATE : WAYLINES]: bytes });
      return { ...readKmz(kmz), source: kmz };
    }
    if (/<(\w+:)?gpx[\s>]/.test(source)) return plainLine(readGpxLine(source, fileName));
    return plainLine(readKmlLine(source, fileName));
  }
  throw new WaylineError('route.unknown_format', `${fileName} is not a KMZ, KML, GPX or GeoJSON file`, { file: fileName });
}
