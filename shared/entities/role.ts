import { z } from 'zod';
import { isGrantableCode } from '../permissions';
import { displayName, stampedSchema } from './fields';

export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

export const roleInputSchema = z.object({
  code: z.string().regex(ROLE_CODE_PATTERN, 'lower-case letters, digits and _'),
  name: displayName,
  description: z.string().max(500).nullable().optional(),
  permissions: z.array(z.string().refine(isGrantableCode, 'unknown permission code')).max(100),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = stampedSchema.extend({ code: z.string(), name: z.string(), description: z.string().nullable(), permissions: z.array(z.string()) });
export type Role = z.infer<typeof roleSchema>;
