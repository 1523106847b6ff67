import { z } from 'zod';
import { roleRefSchema } from '../user';
import { displayName, refName, rowId, stampedSchema } from './fields';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,64}$/;

/** The password is required on create only (the server checks that). */
export const userInputSchema = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, '3-64 letters, digits, _ . -'),
  name: displayName,
  password: z.string().min(8, 'at least 8 characters').max(256).optional(),
  phone: z.string().max(32).nullable().optional(),
  email: z.email().max(255).nullable().optional(),
  dept_id: rowId.nullable().optional(),
  is_active: z.union([z.literal(0), z.literal(1)]).optional(),
  role_ids: z.array(rowId).max(20).optional(),
});
export type UserInput = z.input<typeof userInputSchema>;

export const userSchema = stampedSchema.extend({
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  dept_id: z.number().nullable(),
  dept_name: refName,
  is_active: z.number(),
  roles: z.array(roleRefSchema),
  role_ids: z.array(z.number()),
});
export type User = z.infer<typeof userSchema>;
