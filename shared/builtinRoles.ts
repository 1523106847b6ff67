/**
 * The built-in roles' seeded texts. The console shows a built-in role's name and description in the user's language
 * while they are still these (an edited text is shown as written): see isSeededRoleText.
 */
export const BUILTIN_ROLE_TEXTS = {
  admin: { name: '系统管理员', description: '全部权限' },
  operator: { name: '飞手/操作员', description: '设备、任务、空域申请与计划、地图' },
  viewer: { name: '只读用户', description: '只读' },
  qa: { name: '测试工程师', description: '只读，另可使用 QA 面板' },
} as const;

export type BuiltinRoleCode = keyof typeof BUILTIN_ROLE_TEXTS;

/** What earlier releases seeded as descriptions (English); a start replaces them with the texts above. */
export const LEGACY_ROLE_DESCRIPTIONS: Record<BuiltinRoleCode, string> = {
  admin: 'Everything',
  operator: 'Devices, tasks, airspace applications and plans, map',
  viewer: 'Read only',
  qa: 'Read only, and the QA panel',
};

export const isBuiltinRoleCode = (code: unknown): code is BuiltinRoleCode => typeof code === 'string' && Object.hasOwn(BUILTIN_ROLE_TEXTS, code);

/** True when a role's name or description is still the seeded one (so the console may show its translation). Pure. */
export function isSeededRoleText(code: unknown, field: 'name' | 'description', value: unknown): code is BuiltinRoleCode {
  if (!isBuiltinRoleCode(code)) return false;
  return value === BUILTIN_ROLE_TEXTS[code][field] || (field === 'description' && value === LEGACY_ROLE_DESCRIPTIONS[code]);
}
