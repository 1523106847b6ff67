import { z } from 'zod';

/** Field schemas every entity's wire shape uses. */
export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).transform((v) => new Date(v).toISOString());
export const rowId = z.number().int().positive();
export const displayName = z.string().trim().min(1, 'is required').max(128);

/** Columns every stored row has. */
export const stampedSchema = z.object({ id: z.number(), created_at: z.string(), updated_at: z.string() });
