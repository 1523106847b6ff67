import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { togglePermission } from '../../../src/features/admin/permissionCatalog';
import { buildTree, flattenTree } from '../../../src/crud/TreeList';
import { loggedInState, renderApp } from '../support/renderApp';
import { chooseRowAction } from '../support/rowActions';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

const wait = { timeout: 8000 };
const depts = [
  { id: 1, name: '总部', parent_id: null, sort: 0 },
  { id: 2, name: '南山分队', parent_id: 1, sort: 0 },
  { id: 3, name: '福田分队', parent_id: 1, sort: 1 },
];

describe('tree helpers', () => {
  it('builds a forest and flattens it depth first', () => {
    expect(flattenTree(buildTree(depts)).map(({ row, depth }) => `${depth}:${String(row.name)}`)).toEqual(['0:总部', '1:南山分队', '1:福田分队']);
  });
  it('rows with a missing parent become roots', () => {
    expect(buildTree([{ id: 5, parent_id: 99 }]).map((n) => n.row.id)).toEqual([5]);
  });
});

describe('permission tree rules', () => {
  it('a whole area collapses to area:*, unticking one expands it', () => {
    const both = togglePermission(['task:read'], 'task:write', true);
    expect(both).toEqual(['task:*']);
    expect(togglePermission(both, 'task:write', false)).toEqual(['task:read']);
    expect(togglePermission(['device:read', 'device:write', 'device:operate'], 'device:pilot', true)).toEqual(['device:*']);
    expect(togglePermission(['task:read'], '*', true)).toEqual(['*']);
  });
});

describe('/app/dept', () => {
  it('shows the department tree and deletes after confirmation', async () => {
    const { calls } = renderApp('/app/dept', {
      routes: { 'GET /Dept/': () => ({ items: depts, total: 3 }), 'DELETE /Dept/3/': () => null },
      preloadedState: loggedInState,
    });
    const tree = await screen.findByRole('tree', { name: '部门树' }, wait);
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((i) => i.getAttribute('aria-level'))).toEqual(['1', '2', '2']);
    await userEvent.click(within(items[2]).getByRole('button', { name: '删除 福田分队' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '确认删除' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/Dept/3/')).toBe(true));
  });

  it('create validates and adds under the chosen parent', async () => {
    const { calls } = renderApp('/app/dept', {
      routes: { 'GET /Dept/': () => ({ items: depts, total: 3 }), 'POST /Dept/': () => ({ id: 4 }) },
      preloadedState: loggedInState,
    });
    const tree = await screen.findByRole('tree', { name: '部门树' }, wait);
    await userEvent.click(within(tree).getByRole('button', { name: '新建 南山分队' }));
    const dialog = await screen.findByRole('dialog', { name: '新建部门' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('必填')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /部门名称/ }), '蛇口小组');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.options?.body).toEqual({ name: '蛇口小组', parent_id: 2, sort: 0 }));
  });
});

describe('/app/role', () => {
  it('lists roles and saves the permission tree and the data scope', async () => {
    const { calls } = renderApp('/app/role', {
      routes: {
        'GET /Role/': () => ({ items: [{ id: 3, code: 'viewer', name: '只读用户', permissions: ['device:read'], data_scope: 'all' }], total: 1 }),
        'PUT /Role/3/': () => ({ id: 3 }),
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('只读用户', {}, wait)).toBeInTheDocument();
    await chooseRowAction('只读用户', '授权');
    const dialog = await screen.findByRole('dialog', { name: '编辑角色' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '管理 (device:write)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '飞行（Pilot 2） (device:pilot)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '远程操作 (device:operate)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '查看 (task:read)' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /数据权限/ }));
    await userEvent.click(await screen.findByRole('option', { name: '本部门及以下数据' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.options?.body).toMatchObject({
        code: 'viewer',
        permissions: ['device:*', 'task:read'],
        data_scope: 'dept',
      }),
    );
  });
});

describe('/sys/user', () => {
  it('a new account needs a password and a valid username', async () => {
    renderApp('/sys/user', {
      routes: {
        'GET /User/': () => ({
          items: [
            { id: 7, username: 'pilot1', name: '王飞', dept_id: 9, dept_name: '宝安分队', roles: [{ id: 2, name: '飞手' }], role_ids: [2], is_active: 1 },
          ],
          total: 1,
        }),
        'GET /Dept/': () => ({ items: depts, total: 3 }),
        'GET /Role/': () => ({ items: [{ id: 2, name: '飞手' }], total: 1 }),
        'DELETE /User/7/': () => null,
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('pilot1', {}, wait)).toBeInTheDocument();
    // The department the API names with the row, not looked up among the loaded departments.
    expect(screen.getByText('宝安分队')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建用户' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('至少 8 位')).toBeInTheDocument();
    expect(within(dialog).getByText('3-64 位字母、数字或 _ . -')).toBeInTheDocument();
  });

  it('delete of an account confirms first', async () => {
    const { calls } = renderApp('/sys/user', {
      routes: {
        'GET /User/': () => ({
          items: [{ id: 7, username: 'pilot1', name: '王飞', dept_id: 2, roles: [{ id: 2, name: '飞手' }], role_ids: [2], is_active: 1 }],
          total: 1,
        }),
        'GET /Dept/': () => ({ items: depts, total: 3 }),
        'GET /Role/': () => ({ items: [{ id: 2, name: '飞手' }], total: 1 }),
        'DELETE /User/7/': () => null,
      },
      preloadedState: loggedInState,
    });
    await screen.findByRole('button', { name: '王飞 的操作' }, wait);
    await chooseRowAction('王飞', '删除');
    await userEvent.click(within(await screen.findByRole('dialog', { name: '确认删除' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/User/7/')).toBe(true));
  });
});
