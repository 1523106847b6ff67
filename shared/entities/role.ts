import { z } from 'zod';
import { isGrantableCode } from '../permissions';
import { displayName, stampedSchema } from './fields';

/**
 * Which rows of devices, tasks, routes, airspace applications/plans, flight records and alerts a role sees
 * (RuoYi-style): all of them, its department's and sub-departments', or only its own records.
 */
export const DATA_SCOPES = ['all', 'dept', 'own'] as const;
export const dataScopeSchema = z.enum(DATA_SCOPES);
export type DataScope = z.infer<typeof dataScopeSchema>;

export const ROLE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

export const roleInputSchema = z.object({
  code: z.string().regex(ROLE_CODE_PATTERN, 'lower-case letters, digits and _'),
  name: displayName,
  description: z.string().max(500).nullable().optional(),
  permissions: z.array(z.string().refine(isGrantableCode, 'unknown permission code')).max(100),
  data_scope: dataScopeSchema.optional(),
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = stampedSchema.extend({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  data_scope: dataScopeSchema,
});
export type Role = z.infer<typeof roleSchema>;
