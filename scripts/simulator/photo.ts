import fs from 'node:fs';
import path from 'node:path';

/** Where and how a simulated photo was taken. */
export interface Shot {
  lat: number;
  lng: number;
  /** Above the take-off point (m). */
  relativeAlt: number;
  /** Above the ellipsoid (m): the simulator's home is taken at this height. */
  absoluteAlt: number;
  gimbalYaw: number;
  gimbalPitch: number;
  flightYaw: number;
  at: Date;
}

/** A real DJI photo with every drone-dji XMP field the simulator rewrites (Zenmuse H20T, thermal). */
export const TEMPLATE_PHOTO = path.join(__dirname, 'assets/h20t_thermal_DJI_20220602143532_0191_T.JPG');
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';

const exifTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');

/**
 * A copy of a real DJI JPEG taken at `shot`: its drone-dji XMP (position, altitudes, gimbal and flight attitude) and
 * its EXIF capture times rewritten. The XMP segment is rebuilt with its new length; the EXIF times keep theirs
 * ("YYYY:MM:DD HH:MM:SS"), so the TIFF offsets stay right.
 */
export function djiPhoto(template: Buffer, shot: Shot): Buffer {
  const fields: Record<string, string> = {
    GpsLatitude: shot.lat.toFixed(7),
    GpsLongitude: shot.lng.toFixed(7),
    AbsoluteAltitude: `+${shot.absoluteAlt.toFixed(3)}`,
    RelativeAltitude: `+${shot.relativeAlt.toFixed(3)}`,
    GimbalYawDegree: shot.gimbalYaw.toFixed(1),
    GimbalPitchDegree: shot.gimbalPitch.toFixed(1),
    FlightYawDegree: shot.flightYaw.toFixed(1),
  };
  let offset = 2;
  while (offset + 4 < template.length && template[offset] === 0xff) {
    const marker = template[offset + 1];
    const length = template.readUInt16BE(offset + 2);
    const body = template.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xe1 && body.toString('latin1', 0, XMP_HEADER.length) === XMP_HEADER) {
      let xmp = body.toString('utf8', XMP_HEADER.length);
      for (const [name, value] of Object.entries(fields)) xmp = xmp.replace(new RegExp(`(drone-dji:${name}=")[^"]*(")`), `$1${value}$2`);
      const segment = Buffer.concat([Buffer.from(XMP_HEADER, 'latin1'), Buffer.from(xmp, 'utf8')]);
      const header = Buffer.from([0xff, 0xe1, 0, 0]);
      header.writeUInt16BE(segment.length + 2, 2);
      const rebuilt = Buffer.concat([template.subarray(0, offset), header, segment, template.subarray(offset + 2 + length)]);
      const original = /(\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2})/.exec(template.subarray(0, offset).toString('latin1'))?.[1];
      return original ? Buffer.from(rebuilt.toString('latin1').split(original).join(exifTime(shot.at)), 'latin1') : rebuilt;
    }
    offset += 2 + length;
  }
  throw new Error('the template photo has no XMP segment');
}

let template: Buffer | undefined;
/** The template photo, read once. */
export const templatePhoto = () => (template ??= fs.readFileSync(TEMPLATE_PHOTO));
