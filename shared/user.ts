import { z } from 'zod';

/** The signed-in user as login and token verification return it. */
export const userInfoSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const roleRefSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type RoleRef = z.infer<typeof roleRefSchema>;

/** GET /logininfo/: the user info plus department, roles and permission codes, so the console can hide what is not allowed. */
export const loginInfoSchema = userInfoSchema.extend({
  dept_id: z.number().nullable(),
  roles: z.array(roleRefSchema),
  permissions: z.array(z.string()),
});
export type LoginInfo = z.infer<typeof loginInfoSchema>;

/** What the console holds of the signed-in user: the login answer, completed by /logininfo/ once it has loaded. */
export type SignedInUser = UserInfo & Partial<Omit<LoginInfo, keyof UserInfo>>;
