import { z } from 'zod';
import { polygonSchema } from '../geo';
import { displayName, refName, rowId, stampedSchema } from './fields';

export const PROJECT_STATUSES = ['planning', 'active', 'paused', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const projectInputSchema = z.object({
  name: displayName,
  description: z.string().max(2000).nullable().optional(),
  area: polygonSchema.nullable().optional(),
  /** Height ceiling in metres no route of the project may exceed; null: none. */
  ceiling_m: z.number().positive().max(1500).nullable().optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  dept_id: rowId.nullable().optional(),
  /** User ids. */
  members: z.array(rowId).max(200).optional(),
});
export type ProjectInput = z.input<typeof projectInputSchema>;

export const projectSchema = stampedSchema.extend({
  name: z.string(),
  description: z.string().nullable(),
  area: polygonSchema.nullable(),
  ceiling_m: z.number().nullable(),
  status: z.enum(PROJECT_STATUSES),
  dept_id: z.number().nullable(),
  dept_name: refName,
  members: z.array(z.number()),
});
export type Project = z.infer<typeof projectSchema>;
