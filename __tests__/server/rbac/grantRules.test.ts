import {
  dataScopeChangeVerdict,
  holds,
  roleChangeVerdict,
  roleInUseVerdict,
  userChangeVerdict,
  userScopeVerdict,
  type DataScopeChange,
  type RoleChange,
  type UserChange,
} from '../../../server/rbac/grantRules';

const ok = { ok: true };
const refused = (status: number, message: RegExp) => ({
  ok: false,
  status,
  message: expect.stringMatching(message),
  reason: expect.objectContaining({ code: expect.stringMatching(/^(role|user)\./) }),
});
const orgAdmin = ['org:read', 'org:write'];

describe('holds', () => {
  const table: [string[], string, boolean][] = [
    [['*'], '*', true],
    [['device:*'], '*', false],
    [['*'], 'device:*', true],
    [['device:*'], 'device:*', true],
    [['device:read', 'device:write'], 'device:*', false],
    [['device:*'], 'device:write', true],
    [orgAdmin, 'org:write', true],
    [orgAdmin, 'device:read', false],
  ];
  it.each(table)('%j holds %s: %s', (held, code, expected) => expect(holds(held, code)).toBe(expected));
});

describe('roleChangeVerdict', () => {
  const table: [string, RoleChange, unknown][] = [
    ['admin creates any role', { actor: ['*'], next: { code: 'ops', permissions: ['*'] } }, ok],
    ['org admin creates a role within its own permissions', { actor: orgAdmin, next: { permissions: ['org:read'] } }, ok],
    ['org admin gives a role *', { actor: orgAdmin, role: { code: 'org', permissions: orgAdmin }, next: { permissions: ['*'] } }, refused(403, /not \*$/)],
    ['org admin gives a role device:write', { actor: orgAdmin, next: { permissions: ['org:read', 'device:write'] } }, refused(403, /not device:write$/)],
    [
      'org admin edits a role holding more than it',
      { actor: orgAdmin, role: { code: 'operator', permissions: ['device:*'] }, next: { permissions: [] } },
      refused(403, /device:\*/),
    ],
    ['org admin deletes a role holding more than it', { actor: orgAdmin, role: { code: 'operator', permissions: ['device:*'] } }, refused(403, /device:\*/)],
    [
      'admin edits the admin role down',
      { actor: ['*'], role: { code: 'admin', permissions: ['*'] }, next: { permissions: ['device:read'] } },
      refused(409, /fixed/),
    ],
    ['admin renames the admin role code', { actor: ['*'], role: { code: 'admin', permissions: ['*'] }, next: { code: 'root' } }, refused(409, /fixed/)],
    [
      'admin edits the admin role description only',
      { actor: ['*'], role: { code: 'admin', permissions: ['*'] }, next: { code: 'admin', permissions: ['*'] } },
      ok,
    ],
  ];
  it.each(table)('%s', (_name, change, expected) => expect(roleChangeVerdict(change)).toEqual(expected));
});

describe('dataScopeChangeVerdict', () => {
  const table: [string, DataScopeChange, unknown][] = [
    ['no data scope in the request', { actor: 'own', role: 'ops' }, ok],
    ['all grants dept', { actor: 'all', next: 'dept' }, ok],
    ['dept grants dept', { actor: 'dept', role: 'ops', next: 'dept' }, ok],
    ['dept grants own', { actor: 'dept', next: 'own' }, ok],
    ['dept cannot grant all', { actor: 'dept', role: 'ops', next: 'all' }, refused(403, /as wide as your own \(dept\); not all/)],
    ['own cannot grant dept', { actor: 'own', next: 'dept' }, refused(403, /not dept/)],
    ['the admin role stays all', { actor: 'all', role: 'admin', next: 'dept' }, refused(409, /fixed to all/)],
    ['the admin role may be saved as all', { actor: 'all', role: 'admin', next: 'all' }, ok],
  ];
  it.each(table)('%s', (_name, change, expected) => expect(dataScopeChangeVerdict(change)).toEqual(expected));
});

describe('userChangeVerdict', () => {
  const admin = { permissions: ['*'], isAdmin: true, isActive: true };
  const viewer = { permissions: ['device:read'], isAdmin: false, isActive: true };
  const adminRole = { code: 'admin', permissions: ['*'] };
  const viewerRole = { code: 'viewer', permissions: ['device:read'] };
  const orgRole = { code: 'org', permissions: orgAdmin };
  const table: [string, UserChange, unknown][] = [
    [
      'org admin gives itself the admin role',
      { actor: orgAdmin, target: { ...viewer, permissions: orgAdmin }, next: { roles: [adminRole] }, otherActiveAdmins: 1 },
      refused(403, /not \*$/),
    ],
    [
      'org admin resets the admin password',
      { actor: orgAdmin, target: admin, next: {}, otherActiveAdmins: 1 },
      refused(403, /holds permissions you do not have \(\*\)/),
    ],
    ['org admin deactivates the admin', { actor: orgAdmin, target: admin, next: { isActive: 0 }, otherActiveAdmins: 1 }, refused(403, /holds permissions/)],
    [
      'org admin edits a user with fewer permissions',
      { actor: orgAdmin, target: { ...viewer, permissions: ['org:read'] }, next: { roles: [orgRole] }, otherActiveAdmins: 1 },
      ok,
    ],
    ['org admin creates a user with its own role', { actor: orgAdmin, next: { roles: [orgRole] }, otherActiveAdmins: 1 }, ok],
    ['org admin edits a viewer', { actor: orgAdmin, target: viewer, next: { roles: [viewerRole] }, otherActiveAdmins: 1 }, refused(403, /device:read/)],
    [
      'admin deactivates the last admin',
      { actor: ['*'], target: admin, next: { isActive: 0 }, otherActiveAdmins: 0 },
      refused(409, /last active administrator/),
    ],
    [
      'admin demotes the last admin',
      { actor: ['*'], target: admin, next: { roles: [viewerRole] }, otherActiveAdmins: 0 },
      refused(409, /last active administrator/),
    ],
    ['admin deletes the last admin', { actor: ['*'], target: admin, otherActiveAdmins: 0 }, refused(409, /last active administrator/)],
    ['admin renames the last admin', { actor: ['*'], target: admin, next: {}, otherActiveAdmins: 0 }, ok],
    ['admin deactivates one of two admins', { actor: ['*'], target: admin, next: { isActive: 0 }, otherActiveAdmins: 1 }, ok],
    ['admin reactivates an inactive admin', { actor: ['*'], target: { ...admin, isActive: false }, next: { isActive: 1 }, otherActiveAdmins: 0 }, ok],
  ];
  it.each(table)('%s', (_name, change, expected) => expect(userChangeVerdict(change)).toEqual(expected));
});

describe('userScopeVerdict', () => {
  const table: [string, Parameters<typeof userScopeVerdict>[0], unknown][] = [
    ['all changes all', { actor: 'all', target: 'all' }, ok],
    ['dept changes dept', { actor: 'dept', target: 'dept' }, ok],
    ['dept changes own', { actor: 'dept', target: 'own' }, ok],
    ['dept cannot change all', { actor: 'dept', target: 'all' }, refused(403, /data scope \(all\) is wider than yours \(dept\)/)],
    ['own cannot change dept', { actor: 'own', target: 'dept' }, refused(403, /wider than yours \(own\)/)],
  ];
  it.each(table)('%s', (_name, change, expected) => expect(userScopeVerdict(change)).toEqual(expected));
});

describe('roleInUseVerdict', () => {
  it.each([
    ['held only inside the scope', 0, ok],
    ['held by a user outside the scope', 1, refused(403, /1 user\(s\) outside your data scope/)],
  ])('%s', (_name, holdersOutsideScope, expected) => expect(roleInUseVerdict({ holdersOutsideScope: holdersOutsideScope as number })).toEqual(expected));
});
