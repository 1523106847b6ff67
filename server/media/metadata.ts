import exifr from 'exifr';
import type { MediaLens, MediaType } from '@shared/entities/media';
import { uploadTime, type UploadMetadata } from '@shared/dji/media';
import type { MediaTable } from '../db/schema';

/** What a file's bytes say it is; the name and the declared content type are never trusted. */
export interface SniffedType {
  type: MediaType;
  mime: string;
  /** Extensions a name of this type may carry. */
  exts: readonly string[];
}

const JPEG: SniffedType = { type: 'photo', mime: 'image/jpeg', exts: ['jpg', 'jpeg'] };
const PNG: SniffedType = { type: 'photo', mime: 'image/png', exts: ['png'] };
const TIFF: SniffedType = { type: 'photo', mime: 'image/tiff', exts: ['tif', 'tiff', 'dng'] };
const MP4: SniffedType = { type: 'video', mime: 'video/mp4', exts: ['mp4', 'm4v'] };
const MOV: SniffedType = { type: 'video', mime: 'video/quicktime', exts: ['mov', 'mp4'] };

/** The media type of a file from its first bytes (JPEG, PNG, TIFF/DNG, MP4, QuickTime), or null for anything else. */
export function sniffMedia(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return JPEG;
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return PNG;
  if (head.length >= 4 && (head.toString('latin1', 0, 4) === 'II*\0' || head.toString('latin1', 0, 4) === 'MM\0*')) return TIFF;
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return head.toString('latin1', 8, 10) === 'qt' ? MOV : MP4;
  return null;
}

/** Why a name does not fit the sniffed type ("lies about its type"), or null when its extension is one of the type's. */
export function nameMismatch(name: string, sniffed: SniffedType): string | null {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase();
  if (!ext || sniffed.exts.includes(ext)) return null;
  return `the name says .${ext} but the content is ${sniffed.mime}`;
}

/**
 * The lens a DJI file was taken with, from its name (DJI suffixes: _W wide, _Z zoom, _T/_R and IR_ thermal; _V and
 * _S are the visible camera of the Mavic 3E/M30) or, failing that, from the camera model; null when unknown.
 */
export function lensOf(name: string, cameraModel?: string | null): MediaLens | null {
  const base = name.replace(/\.[^.]*$/, '').toUpperCase();
  if (/_(T|R)$/.test(base) || base.startsWith('IR_')) return 'ir';
  if (/_Z$/.test(base)) return 'zoom';
  if (/_(W|V|S)$/.test(base)) return 'wide';
  if (cameraModel && /XT2|XT\b|H20T.*T$|THERMAL/i.test(cameraModel)) return 'ir';
  return null;
}

/** Position, attitude and camera of a photo, each null when the file (and the callback) do not say. */
export interface MediaMetadata extends Pick<
  MediaTable,
  'taken_at' | 'lat' | 'lng' | 'absolute_alt' | 'relative_alt' | 'gimbal_yaw' | 'gimbal_pitch' | 'gimbal_roll' | 'flight_yaw'
> {
  camera_model: string | null;
  width: number | null;
  height: number | null;
}

export const NO_METADATA: MediaMetadata = {
  taken_at: null,
  lat: null,
  lng: null,
  absolute_alt: null,
  relative_alt: null,
  gimbal_yaw: null,
  gimbal_pitch: null,
  gimbal_roll: null,
  flight_yaw: null,
  camera_model: null,
  width: null,
  height: null,
};

type Tags = Record<string, unknown>;

const isoDate = (v: unknown): string | null => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : null);

/**
 * Metadata from EXIF and DJI's XMP (drone-dji), and the names of the tags present but malformed (not a number, out
 * of range), which are left out. DJI's XMP position is the aircraft's GNSS/RTK fix and is preferred to the EXIF GPS
 * (they differ by metres on the Mavic 2 Enterprise Advanced); without it the EXIF GPS is used. EXIF dates carry no
 * zone: exifr reads them as the server's local time (UTC).
 */
export function metadataFromTags(tags: Tags): { metadata: MediaMetadata; malformed: string[] } {
  const malformed: string[] = [];
  const num = (name: string, min = -Infinity, max = Infinity): number | null => {
    const v = tags[name];
    if (v === undefined || v === null) return null;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n) && n >= min && n <= max) return n;
    malformed.push(name);
    return null;
  };
  const text = (name: string): string | null => {
    const v = tags[name];
    return typeof v === 'string' && v.trim() ? v.trim().slice(0, 64) : null;
  };
  const xmpLat = num('GpsLatitude', -90, 90);
  const xmpLng = num('GpsLongitude', -180, 180);
  const hasXmpPosition = xmpLat !== null && xmpLng !== null && !(xmpLat === 0 && xmpLng === 0);
  const metadata: MediaMetadata = {
    taken_at: isoDate(tags.DateTimeOriginal) ?? isoDate(tags.CreateDate),
    lat: hasXmpPosition ? xmpLat : num('latitude', -90, 90),
    lng: hasXmpPosition ? xmpLng : num('longitude', -180, 180),
    absolute_alt: num('AbsoluteAltitude', -1000, 20_000) ?? num('GPSAltitude', -1000, 20_000),
    relative_alt: num('RelativeAltitude', -1000, 20_000),
    gimbal_yaw: num('GimbalYawDegree', -360, 360),
    gimbal_pitch: num('GimbalPitchDegree', -180, 180),
    gimbal_roll: num('GimbalRollDegree', -180, 180),
    flight_yaw: num('FlightYawDegree', -360, 360),
    camera_model: text('Model'),
    width: num('ExifImageWidth', 1, 1e6) ?? num('ImageWidth', 1, 1e6),
    height: num('ExifImageHeight', 1, 1e6) ?? num('ImageHeight', 1, 1e6),
  };
  return { metadata, malformed };
}

/** The file's own metadata; `error` says what was malformed or unreadable (the file is kept without it). */
export async function readFileMetadata(data: Buffer, type: MediaType): Promise<{ metadata: MediaMetadata; error: string | null }> {
  if (type !== 'photo') return { metadata: NO_METADATA, error: null };
  let tags: Tags | undefined;
  try {
    tags = (await exifr.parse(data, { xmp: true, gps: true, tiff: true, exif: true, mergeOutput: true, reviveValues: true })) as Tags | undefined;
  } catch (error) {
    return { metadata: NO_METADATA, error: `unreadable metadata: ${error instanceof Error ? error.message : String(error)}`.slice(0, 255) };
  }
  if (!tags) return { metadata: NO_METADATA, error: null };
  const { metadata, malformed } = metadataFromTags(tags);
  return { metadata, error: malformed.length ? `malformed metadata: ${malformed.join(', ')}`.slice(0, 255) : null };
}

/** Fills what the file did not say from the upload callback (dock or Pilot 2). */
export function withCallbackMetadata(file: MediaMetadata, callback: UploadMetadata | undefined): MediaMetadata {
  if (!callback) return file;
  const position = callback.shoot_position && !(callback.shoot_position.lat === 0 && callback.shoot_position.lng === 0) ? callback.shoot_position : null;
  return {
    ...file,
    taken_at: file.taken_at ?? uploadTime(callback) ?? null,
    lat: file.lat ?? position?.lat ?? null,
    lng: file.lng ?? position?.lng ?? null,
    absolute_alt: file.absolute_alt ?? callback.absolute_altitude ?? null,
    relative_alt: file.relative_alt ?? callback.relative_altitude ?? null,
    gimbal_yaw: file.gimbal_yaw ?? callback.gimbal_yaw_degree ?? null,
  };
}
