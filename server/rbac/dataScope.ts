import { DATA_SCOPES, type DataScope } from '@shared/entities/role';

/**
 * What one signed-in user may see of the scoped tables: every row, the rows of its department subtree (plus its
 * own), or only the rows it created. Decided once per request from the user's roles.
 */
export interface DataScopeRule {
  scope: DataScope;
  userId: number;
  /** The user's own department (new rows are filed under it). */
  deptId: number | null;
  /** With scope 'dept': the user's department and all its sub-departments; empty otherwise. */
  deptIds: number[];
}

/** Who owns a row: its department and its creator (either may be unknown). */
export interface Ownership {
  dept_id?: number | null;
  created_by?: number | null;
}

/** How a scoped table records ownership: its own department and creator columns, and/or the device the row is about. */
export interface OwnedBy {
  dept: boolean;
  creator: boolean;
  /** Rows about a device (alerts, flight records) are also visible wherever their device is. */
  device: boolean;
  /** The users table: a user always sees its own row. */
  self?: boolean;
  /** Projects: a user sees the projects that name it a member (`members`, a JSON array of user ids). */
  members?: boolean;
}

/**
 * The tables the data scope applies to. Alerts and automatic flight records have no creator: they follow their device.
 * Users and projects belong to their department (issue 27): a user sees its own row, a project member its project.
 */
export const SCOPED_TABLES = {
  devices: { dept: true, creator: true, device: false },
  tasks: { dept: true, creator: true, device: false },
  routes: { dept: true, creator: true, device: false },
  airspace_applications: { dept: true, creator: true, device: false },
  flight_plans: { dept: true, creator: true, device: false },
  flight_reports: { dept: false, creator: true, device: true },
  alerts: { dept: false, creator: false, device: true },
  media: { dept: true, creator: true, device: true },
  users: { dept: true, creator: false, device: false, self: true },
  projects: { dept: true, creator: false, device: false, members: true },
} as const satisfies Record<string, OwnedBy>;
export type ScopedTable = keyof typeof SCOPED_TABLES;

export const isScopedTable = (table: string): table is ScopedTable => table in SCOPED_TABLES;

/** Widest first: several roles grant the union of what they see, i.e. the widest scope among them. */
const WIDTH: Record<DataScope, number> = { all: 2, dept: 1, own: 0 };

/** True when scope `a` shows more than scope `b`. */
export const isWiderScope = (a: DataScope, b: DataScope) => WIDTH[a] > WIDTH[b];

/** A department and every department below it, from the (id, parent_id) list of all departments. */
export function departmentSubtree(rootId: number, departments: readonly { id: number; parent_id: number | null }[]): number[] {
  const children = new Map<number, number[]>();
  for (const d of departments) if (d.parent_id !== null) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d.id]);
  const seen = new Set<number>();
  const queue = [rootId];
  // `seen` also stops a parent cycle a hand-edited database might hold.
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...seen].sort((a, b) => a - b);
}

/** The widest of a user's role scopes (unknown values ignored); no role at all sees only its own rows. */
export function widestScope(roleScopes: readonly (string | null)[]): DataScope {
  const known = roleScopes.filter((s): s is DataScope => (DATA_SCOPES as readonly (string | null)[]).includes(s));
  return known.reduce<DataScope>((best, s) => (WIDTH[s] > WIDTH[best] ? s : best), 'own');
}

/**
 * The rule for a user with this scope; department scope without a department falls back to own rows.
 * `departments` (all of them, as id and parent) is only read for department scope.
 */
export function dataScopeRule(
  user: { id: number; deptId: number | null },
  scope: DataScope,
  departments: readonly { id: number; parent_id: number | null }[],
): DataScopeRule {
  const base = { userId: user.id, deptId: user.deptId, deptIds: [] as number[] };
  if (scope !== 'dept') return { ...base, scope };
  if (user.deptId === null) return { ...base, scope: 'own' };
  return { ...base, scope: 'dept', deptIds: departmentSubtree(user.deptId, departments) };
}

/** Whether the rule shows a row owned as `row` (and about a device owned as `device`, for device-bound tables). */
export function seesRow(rule: DataScopeRule, row: Ownership, device?: Ownership): boolean {
  if (rule.scope === 'all') return true;
  const owns = (o: Ownership | undefined) =>
    o !== undefined && (o.created_by === rule.userId || (rule.scope === 'dept' && o.dept_id != null && rule.deptIds.includes(o.dept_id)));
  return owns(row) || owns(device);
}
