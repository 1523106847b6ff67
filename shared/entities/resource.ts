import { z } from 'zod';
import { displayName, rowId, stampedSchema } from './fields';

export const RESOURCE_KINDS = ['menu', 'api'] as const;

export const resourceInputSchema = z.object({
  code: z.string().trim().min(1).max(128),
  name: displayName,
  kind: z.enum(RESOURCE_KINDS),
  path: z.string().max(255).nullable().optional(),
  icon: z.string().max(64).nullable().optional(),
  parent_id: rowId.nullable().optional(),
  sort: z.number().int().optional(),
});
export type ResourceInput = z.input<typeof resourceInputSchema>;

export const resourceSchema = stampedSchema.extend({
  code: z.string(),
  name: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  path: z.string().nullable(),
  icon: z.string().nullable(),
  parent_id: z.number().nullable(),
  sort: z.number(),
});
export type Resource = z.infer<typeof resourceSchema>;
