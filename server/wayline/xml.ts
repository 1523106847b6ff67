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

/** Deeper than any KML, WPML or GPX file (DJI's deepest path, an action's nested parameters, is about 10 levels). */
export const MAX_XML_DEPTH = 64;

/** Where the markup that starts at `at` (a '<') ends: comments, CDATA, declarations and quoted attribute values skipped whole. */
function markupEnd(text: string, at: number): number {
  for (const [open, close] of [
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<?', '?>'],
  ] as const) {
    if (text.startsWith(open, at)) {
      const end = text.indexOf(close, at + open.length);
      return end < 0 ? text.length : end + close.length - 1;
    }
  }
  let quote = '';
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return text.length;
}

/**
 * The nesting depth of an XML text's elements, counted by a linear scan of its tags before any parser sees it: a
 * document nested 200,000 levels deep would overflow the parsers' recursion. Stops as soon as `max` is passed.
 */
export function xmlDepth(text: string, max = Infinity): number {
  let depth = 0;
  let deepest = 0;
  for (let at = text.indexOf('<'); at >= 0 && at < text.length; at = text.indexOf('<', at + 1)) {
    const end = markupEnd(text, at);
    const next = text[at + 1];
    if (next === '/') depth--;
    else if (next !== '!' && next !== '?' && text[end - 1] !== '/') {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    }
    at = end;
  }
  return deepest;
}

/**
 * Parses an uploaded XML document. Any DOCTYPE is refused before parsing: it is how external entities (XXE) and
 * entity expansion ("billion laughs") get in, and no KML, WPML or GPX file needs one; so is nesting deeper than
 * MAX_XML_DEPTH (checked by a scan, so a deep document never reaches the parsers' recursion).
 */
export function parseUntrustedXml(text: string, fileName: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new WaylineError('route.xml_doctype', `${fileName} declares a DOCTYPE or entities, which are not accepted`, { file: fileName });
  }
  if (xmlDepth(text, MAX_XML_DEPTH) > MAX_XML_DEPTH) {
    throw new WaylineError('route.xml_too_deep', `${fileName} nests its elements deeper than ${MAX_XML_DEPTH} levels`, { file: fileName, max: MAX_XML_DEPTH });
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
