import { roleText } from '../../../src/features/admin/roleText';
import { createTestI18n } from '../support/i18n';

describe('roleText', () => {
  const zh = createTestI18n('zh-cn');
  const en = createTestI18n('en');
  it.each<[string, object, 'name' | 'description', unknown, string, string]>([
    ['seeded name', { code: 'viewer' }, 'name', '只读用户', '只读用户', 'Read-only user'],
    ['seeded description', { code: 'admin' }, 'description', '全部权限', '全部权限', 'All permissions'],
    ["an earlier release's English seed", { code: 'viewer' }, 'description', 'Read only', '只读', 'Read only'],
    ['an edited description stays as written', { code: 'viewer' }, 'description', '巡检查看', '巡检查看', '巡检查看'],
    ['a role of their own', { code: 'pilots' }, 'name', 'Everything', 'Everything', 'Everything'],
    ['no text', { code: 'pilots' }, 'description', null, '', ''],
  ])('%s', (_name, role, field, value, chinese, english) => {
    expect(roleText(zh.t, role, field, value)).toBe(chinese);
    expect(roleText(en.t, role, field, value)).toBe(english);
  });
});
