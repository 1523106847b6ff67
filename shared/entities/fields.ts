import { z } from 'zod';

/** Field schemas every entity's wire shape uses. */
export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).transform((v) => new Date(v).toISOString());
export const rowId = z.number().int().positive();
export const displayName = z.string().trim().min(1, 'is required').max(128);

/** The display name of a referenced row, sent beside its id (null without a reference or when the row is gone). */
export const refName = z.string().nullable();

/** `?lang=` of an endpoint whose answer has texts in the reader's language (else Accept-Language; zh-cn by default). */
export const langParam = z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['en', 'zh-cn'])).optional();

/** Columns every stored row has. */
export const stampedSchema = z.object({ id: z.number(), created_at: z.string(), updated_at: z.string() });
