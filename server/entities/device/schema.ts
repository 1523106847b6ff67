import { z } from 'zod';
import { deviceInputSchema } from '@shared/entities/device';

/** Multipart sends text: for a number, "" means absent, "null" null, anything else is coerced. */
const multipartNumber = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === '' ? undefined : v === 'null' ? null : typeof v === 'string' ? Number(v) : v), inner);
/** For optional text, "" and "null" both mean null (an emptied field clears the column). */
const multipartText = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' || v === 'null' ? null : v), inner);
const blankAbsent = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (v === '' ? undefined : v), inner);

const shape = deviceInputSchema.shape;

/** The device body as JSON or as multipart form fields (with the photo). */
export const deviceInput = deviceInputSchema.extend({
  firmware: multipartText(shape.firmware),
  dept_id: multipartNumber(shape.dept_id),
  last_lat: multipartNumber(shape.last_lat),
  last_lng: multipartNumber(shape.last_lng),
  last_alt: multipartNumber(shape.last_alt),
  battery: multipartNumber(shape.battery),
  last_seen_at: blankAbsent(shape.last_seen_at),
});
