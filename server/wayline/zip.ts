import { Inflate } from 'fflate';
import { WaylineError } from './errors';

/** Caps of an uploaded archive: its entries, and what all of them inflate to together. */
export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export const KMZ_LIMITS: ZipLimits = { maxEntries: 256, maxUncompressedBytes: 20 * 1024 * 1024 };

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARKER = 0xffffffff;
/** Compressed bytes fed to the inflater per step: one step can produce at most ~1 MB, so the size cap holds within that. */
const INFLATE_STEP = 1024;

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === LOCAL_SIGNATURE;

const notZip = (why: string) => new WaylineError('route.not_zip', `the file is not a valid zip archive (${why})`);

/** The central directory: the entries with their declared sizes, read without inflating anything. */
function centralDirectory(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is the last 22 bytes plus a comment of up to 65535 bytes.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw notZip('no end of central directory');
  const count = view.getUint16(eocd + 10, true);
  if (count > limits.maxEntries) {
    throw new WaylineError('route.zip_too_many_entries', `the archive has ${count} entries; at most ${limits.maxEntries} are accepted`, {
      count,
      max: limits.maxEntries,
    });
  }
  const entries: ZipEntry[] = [];
  let at = view.getUint32(eocd + 16, true);
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw notZip('broken central directory');
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    if (entry.compressedSize === ZIP64_MARKER || entry.uncompressedSize === ZIP64_MARKER) throw notZip('ZIP64 archives are not accepted');
    entries.push(entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

function tooLarge(limits: ZipLimits): WaylineError {
  const mb = limits.maxUncompressedBytes / 1024 / 1024;
  return new WaylineError('route.zip_too_large', `the archive inflates to more than ${mb} MB`, { max_mb: mb });
}

/** Inflates one entry, stopping as soon as the output passes `budget` bytes (whatever its header declared). */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry, budget: number, limits: ZipLimits): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE) throw notZip(`broken local header of ${entry.name}`);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length < entry.compressedSize) throw notZip(`${entry.name} is truncated`);
  if (entry.method === 0) {
    if (data.length > budget) throw tooLarge(limits);
    return data.slice();
  }
  if (entry.method !== 8) throw notZip(`${entry.name} uses compression method ${entry.method}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > budget) throw tooLarge(limits);
    chunks.push(chunk);
  });
  try {
    for (let offset = 0; offset < data.length; offset += INFLATE_STEP) {
      inflater.push(data.subarray(offset, offset + INFLATE_STEP), offset + INFLATE_STEP >= data.length);
    }
  } catch (error) {
    if (error instanceof WaylineError) throw error;
    throw notZip(`${entry.name} does not inflate`);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The names of a zip's entries, from its central directory (nothing inflated). */
export function zipEntryNames(bytes: Uint8Array, limits: ZipLimits = KMZ_LIMITS): string[] {
  if (!isZip(bytes)) throw notZip('it does not start with a zip header');
  return centralDirectory(bytes, limits).map((entry) => entry.name);
}

/**
 * Reads the wanted entries of a zip. The entry count and the declared uncompressed sizes are checked against the
 * caps from the central directory before anything is inflated, and the real output is counted while inflating, so
 * a zip bomb that lies in its headers stops at the cap too. Entries not wanted are never inflated.
 */
export function readZipEntries(bytes: Uint8Array, wanted: (name: string) => boolean, limits: ZipLimits = KMZ_LIMITS): Map<string, Uint8Array> {
  if (!isZip(bytes)) throw notZip('it does not start with a zip header');
  const entries = centralDirectory(bytes, limits);
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > limits.maxUncompressedBytes) throw tooLarge(limits);
  const files = new Map<string, Uint8Array>();
  let budget = limits.maxUncompressedBytes;
  for (const entry of entries) {
    if (!wanted(entry.name)) continue;
    const data = inflateEntry(bytes, entry, budget, limits);
    budget -= data.length;
    files.set(entry.name, data);
  }
  return files;
}
