import { dataScopeRule, departmentSubtree, seesRow, widestScope, type DataScopeRule, type Ownership } from '../../../server/rbac/dataScope';

// 1 HQ ─┬─ 2 team one ── 4 squad
//       └─ 3 team two
const DEPARTMENTS = [
  { id: 1, parent_id: null },
  { id: 2, parent_id: 1 },
  { id: 3, parent_id: 1 },
  { id: 4, parent_id: 2 },
];

describe('data scope rules', () => {
  it.each<[string, (string | null)[], string]>([
    ['no role', [], 'own'],
    ['one own role', ['own'], 'own'],
    ['dept and own', ['own', 'dept'], 'dept'],
    ['all wins', ['dept', 'all', 'own'], 'all'],
    ['unknown values ignored', ['everything', null], 'own'],
  ])('widest scope: %s', (_case, scopes, expected) => expect(widestScope(scopes)).toBe(expected));

  it.each<[number, number[]]>([
    [1, [1, 2, 3, 4]],
    [2, [2, 4]],
    [3, [3]],
    [9, [9]],
  ])('the subtree of department %i', (root, expected) => expect(departmentSubtree(root, DEPARTMENTS)).toEqual(expected));

  it('stops at a parent cycle', () =>
    expect(
      departmentSubtree(5, [
        { id: 5, parent_id: 6 },
        { id: 6, parent_id: 5 },
      ]),
    ).toEqual([5, 6]));

  it('department scope without a department is own scope', () =>
    expect(dataScopeRule({ id: 7, deptId: null }, 'dept', DEPARTMENTS)).toEqual({ scope: 'own', userId: 7, deptId: null, deptIds: [] }));

  const rule = (scope: 'all' | 'dept' | 'own', deptId = 2): DataScopeRule => dataScopeRule({ id: 7, deptId }, scope, DEPARTMENTS);
  it.each<[string, DataScopeRule, Ownership, Ownership | undefined, boolean]>([
    ['all sees another department', rule('all'), { dept_id: 3, created_by: 8 }, undefined, true],
    ['all sees unowned rows', rule('all'), {}, undefined, true],
    ['dept sees its department', rule('dept'), { dept_id: 2, created_by: 8 }, undefined, true],
    ['dept sees a sub-department', rule('dept'), { dept_id: 4, created_by: null }, undefined, true],
    ['dept does not see a sibling department', rule('dept'), { dept_id: 3, created_by: 8 }, undefined, false],
    ['dept does not see the parent department', rule('dept'), { dept_id: 1, created_by: 8 }, undefined, false],
    ['dept sees what it created elsewhere', rule('dept'), { dept_id: 3, created_by: 7 }, undefined, true],
    ['dept does not see unowned rows', rule('dept'), { dept_id: null, created_by: null }, undefined, false],
    ['own sees its rows', rule('own'), { dept_id: 3, created_by: 7 }, undefined, true],
    ['own does not see its department', rule('own'), { dept_id: 2, created_by: 8 }, undefined, false],
    ['a device-bound row follows its device', rule('dept'), { created_by: null }, { dept_id: 4, created_by: 8 }, true],
    ['a device-bound row of a foreign device', rule('dept'), { created_by: null }, { dept_id: 3, created_by: 8 }, false],
    ['own sees rows about its devices', rule('own'), {}, { dept_id: 3, created_by: 7 }, true],
  ])('%s', (_case, r, row, device, expected) => expect(seesRow(r, row, device)).toBe(expected));
});
