import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { WaylineError } from './errors';

/** Elements that may repeat in the files we read (KML/WPML, GPX); always parsed as arrays so one and many read alike. */
const REPEATING = new Set(['Folder', 'Placemark', 'actionGroup', 'action', 'trk', 'trkseg', 'trkpt', 'rte', 'rtept', 'LineString']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // `wpml:index` and `index` read alike: files use several prefixes for the same WPML namespace.
  removeNSPrefix: true,
  // Values stay text; the readers convert and range-check them one by one so a bad one is named.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => REPEATING.has(name),
});

export type XmlNode = Record<string, unknown>;

/**
 * Parses an uploaded XML document. Any DOCTYPE is refused before parsing: it is how external entities (XXE) and
 * entity expansion ("billion laughs") get in, and no KML, WPML or GPX file needs one.
 */
export function parseUntrustedXml(text: string, fileName: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new WaylineError('route.xml_doctype', `${fileName} declares a DOCTYPE or entities, which are not accepted`, { file: fileName });
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new WaylineError('route.xml_malformed', `${fileName} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`, {
      file: fileName,
      line: valid.err.line,
    });
  }
  return parser.parse(text) as XmlNode;
}

/** A child element as an object (absent or text-only → undefined). */
export const child = (node: unknown, name: string): XmlNode | undefined => {
  const value = node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : undefined;
};

/** A repeating child element's items (see REPEATING). */
export const children = (node: unknown, name: string): XmlNode[] => {
  const value = node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};

/** A child element's trimmed text, or undefined when absent or empty. */
export const text = (node: unknown, name: string): string | undefined => {
  const value = node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;
  const raw =
    typeof value === 'string' || typeof value === 'number' ? String(value) : value && typeof value === 'object' ? (value as XmlNode)['#text'] : undefined;
  const trimmed = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  return trimmed === '' ? undefined : trimmed;
};

/** A child element's number, or undefined when absent; text that is not a number is a WaylineError naming where. */
export function numberAt(node: unknown, name: string, where: string): number | undefined {
  const raw = text(node, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new WaylineError('route.bad_number', `${where}: ${name} "${raw}" is not a number`, { where, field: name });
  return value;
}

/** XML text escaping for what we write. */
export const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
