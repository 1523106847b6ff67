import type { ErrorReason } from '@shared/errorCodes';
import { grants } from '@shared/permissions';
import type { DataScope } from '@shared/entities/role';
import { isWiderScope } from './dataScope';
import { ADMIN_ROLE_CODE, ADMIN_ROLE_PERMISSIONS } from './permissions';

export type GrantVerdict = { ok: true } | { ok: false; status: 403 | 409; message: string; reason: ErrorReason };

const allowed: GrantVerdict = { ok: true };
const refuse = (status: 403 | 409, message: string, reason: ErrorReason): GrantVerdict => ({ ok: false, status, message, reason });

/** True when `held` includes `code`, wildcards included: "*" needs "*", "area:*" needs "*" or "area:*". */
export function holds(held: readonly string[], code: string): boolean {
  if (code === '*') return held.includes('*');
  if (code.endsWith(':*')) return held.includes('*') || held.includes(code);
  return grants(held, code);
}

/** The codes of `wanted` that `held` does not include. */
export function missing(held: readonly string[], wanted: readonly string[]): string[] {
  return [...new Set(wanted)].filter((code) => !holds(held, code)).sort();
}

export interface RoleChange {
  /** The permissions of the user making the change. */
  actor: readonly string[];
  /** The role as stored (absent on create). */
  role?: { code: string; permissions: readonly string[] };
  /** What the request sets (absent on delete; a field absent stays as it is). */
  next?: { code?: string; permissions?: readonly string[] };
}

/** Creating, editing or deleting a role: nobody hands out (or takes away) more than they hold; the admin role is fixed. */
export function roleChangeVerdict({ actor, role, next }: RoleChange): GrantVerdict {
  if (role?.code === ADMIN_ROLE_CODE && next) {
    const codeChanged = next.code !== undefined && next.code !== ADMIN_ROLE_CODE;
    const permissionsChanged = next.permissions !== undefined && missing(next.permissions, ADMIN_ROLE_PERMISSIONS).length > 0;
    if (codeChanged || permissionsChanged) return refuse(409, "The built-in admin role's code and permissions are fixed", { code: 'role.admin_fixed' });
  }
  const beyondActor = role ? missing(actor, role.permissions) : [];
  if (beyondActor.length)
    return refuse(403, `You cannot change a role that holds permissions you do not have (${beyondActor.join(', ')})`, {
      code: 'role.beyond_actor',
      params: { permissions: beyondActor.join(', ') },
    });
  const ungrantable = missing(actor, next?.permissions ?? []);
  if (ungrantable.length)
    return refuse(403, `You can grant only permissions you hold; not ${ungrantable.join(', ')}`, {
      code: 'role.grant_beyond_actor',
      params: { permissions: ungrantable.join(', ') },
    });
  return allowed;
}

export interface DataScopeChange {
  /** The data scope of the user making the change. */
  actor: DataScope;
  /** The code of the role as stored (absent on create). */
  role?: string;
  /** The data scope the request sets, if any. */
  next?: DataScope;
}

/** Setting a role's data scope: the admin role always sees all, and nobody hands out a wider scope than its own. */
export function dataScopeChangeVerdict({ actor, role, next }: DataScopeChange): GrantVerdict {
  if (next === undefined) return allowed;
  if (role === ADMIN_ROLE_CODE && next !== 'all')
    return refuse(409, "The built-in admin role's data scope is fixed to all", { code: 'role.admin_scope_fixed' });
  if (isWiderScope(next, actor))
    return refuse(403, `You can grant only a data scope as wide as your own (${actor}); not ${next}`, {
      code: 'role.scope_beyond_actor',
      params: { scope: actor },
    });
  return allowed;
}

export interface UserChange {
  actor: readonly string[];
  /** The user as stored (absent on create): the union of its roles' permissions, whether it has the admin role. */
  target?: { permissions: readonly string[]; isAdmin: boolean; isActive: boolean };
  /** Absent on delete. `roles` only when the request replaces the role list. */
  next?: { roles?: readonly { code: string; permissions: readonly string[] }[]; isActive?: 0 | 1 };
  /** Active users with the admin role other than the target. */
  otherActiveAdmins: number;
}

/** Editing, (de)activating, deleting a user or setting its roles or password. */
export function userChangeVerdict({ actor, target, next, otherActiveAdmins }: UserChange): GrantVerdict {
  const beyondActor = target ? missing(actor, target.permissions) : [];
  if (beyondActor.length)
    return refuse(403, `You cannot change a user who holds permissions you do not have (${beyondActor.join(', ')})`, {
      code: 'user.beyond_actor',
      params: { permissions: beyondActor.join(', ') },
    });
  const ungrantable = missing(
    actor,
    (next?.roles ?? []).flatMap((role) => role.permissions),
  );
  if (ungrantable.length)
    return refuse(403, `You can assign only roles whose permissions you hold; not ${ungrantable.join(', ')}`, {
      code: 'user.assign_beyond_actor',
      params: { permissions: ungrantable.join(', ') },
    });
  if (target?.isAdmin && target.isActive && otherActiveAdmins === 0) {
    const deleted = !next;
    const deactivated = next?.isActive === 0;
    const demoted = next?.roles !== undefined && !next.roles.some((role) => role.code === ADMIN_ROLE_CODE);
    if (deleted || deactivated || demoted)
      return refuse(409, 'The last active administrator cannot be deactivated, demoted or deleted', { code: 'user.last_admin' });
  }
  return allowed;
}

/** Changing a user (its fields, password, roles, active flag): nobody changes a user who sees more than itself. */
export function userScopeVerdict({ actor, target }: { actor: DataScope; target: DataScope }): GrantVerdict {
  if (isWiderScope(target, actor))
    return refuse(403, `You cannot change a user whose data scope (${target}) is wider than yours (${actor})`, {
      code: 'user.scope_beyond_actor',
      params: { scope: actor },
    });
  return allowed;
}

/** Editing or deleting a role: a role that users outside the actor's data scope hold is not the actor's to change. */
export function roleInUseVerdict({ holdersOutsideScope }: { holdersOutsideScope: number }): GrantVerdict {
  if (holdersOutsideScope > 0)
    return refuse(403, `${holdersOutsideScope} user(s) outside your data scope hold this role; you cannot change or delete it`, {
      code: 'role.used_outside_scope',
    });
  return allowed;
}
