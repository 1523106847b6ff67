import { z } from 'zod';
import { displayName, rowId, stampedSchema } from './fields';

export const departmentInputSchema = z.object({ name: displayName, parent_id: rowId.nullable().optional(), sort: z.number().int().optional() });
export type DepartmentInput = z.input<typeof departmentInputSchema>;

export const departmentSchema = stampedSchema.extend({ name: z.string(), parent_id: z.number().nullable(), sort: z.number() });
export type Department = z.infer<typeof departmentSchema>;
