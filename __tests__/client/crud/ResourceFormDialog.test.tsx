import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { ApiError } from '../../../src/api/client';
import { useAppSelector } from '../../../src/app/hooks';
import { renderWithStore } from '../support/renderWithStore';
import ResourceFormDialog from '../../../src/crud/ResourceFormDialog';
import { deleteRequested, saveRequested } from '../../../src/crud/resourcesSlice';
import { selectResource } from '../../../src/crud/selectors';
import { createTestStore } from '../support/testStore';

// `description` keeps zod's own message: the form shows it in the app language, not zod's English.
const schema = z.object({ name: z.string().min(1, '必填'), description: z.string().max(8) });

function ProjectForm({ onClose }: { onClose: () => void }) {
  const state = useAppSelector((s) => selectResource(s, 'project'));
  return (
    <ResourceFormDialog
      resource="project"
      state={state}
      open
      title="新建项目"
      schema={schema}
      defaultValues={{ name: '', description: '' }}
      fields={[
        { name: 'name', label: 'resources.search', required: true },
        { name: 'description', label: 'resources.detail', kind: 'textarea' },
      ]}
      onClose={onClose}
    />
  );
}

function renderForm(routes: Parameters<typeof createTestStore>[0]) {
  const ctx = createTestStore(routes);
  const onClose = jest.fn();
  renderWithStore(<ProjectForm onClose={onClose} />, ctx.store);
  return { ...ctx, onClose };
}

describe('ResourceFormDialog', () => {
  it('validates in the browser before anything is sent', async () => {
    const { calls, onClose } = renderForm({});
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('必填')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows zod's own messages in the app language, and no browser bubble", async () => {
    const { calls } = renderForm({});
    await userEvent.type(screen.getByRole('textbox', { name: /搜索/ }), '深圳湾巡检');
    await userEvent.type(screen.getByRole('textbox', { name: /详情/ }), '每周一次，每次两小时');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('最多 8 个字符')).toBeInTheDocument();
    expect(calls).toEqual([]);
    // noValidate: the form library validates, the browser shows no "Please fill out this field." bubble.
    expect(screen.getByRole('button', { name: '保存' }).closest('form')).toHaveAttribute('novalidate');
  });

  it('shows server field errors next to the field and keeps what was typed', async () => {
    const { onClose } = renderForm({
      'POST /Project/': () => {
        throw new ApiError('http', 'Conflict', 409, {
          error_code: 'common.unique_taken',
          params: { entity: 'project', field: 'name' },
          errors: [{ field: 'name', message: 'is already taken', code: 'field.taken', params: { value: '深圳湾巡检' } }],
        });
      },
    });
    await userEvent.type(screen.getByRole('textbox', { name: /搜索/ }), '深圳湾巡检');
    await userEvent.type(screen.getByRole('textbox', { name: /详情/ }), '每周一次');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('「深圳湾巡检」已被占用')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /搜索/ })).toHaveValue('深圳湾巡检');
    expect(screen.getByRole('textbox', { name: /详情/ })).toHaveValue('每周一次');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes after a successful save', async () => {
    const { onClose, calls } = renderForm({ 'POST /Project/': () => ({ id: 1 }), 'GET /Project/': () => ({ items: [], total: 0 }) });
    await userEvent.type(screen.getByRole('textbox', { name: /搜索/ }), '深圳湾巡检');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/Project/', options: { body: { name: '深圳湾巡检', description: '' } } });
  });

  it('keeps the keyboard focus on Save while saving, and refuses a second save meanwhile', async () => {
    let finish: (row: { id: number }) => void = () => undefined;
    const { calls, onClose } = renderForm({
      'POST /Project/': () => new Promise((resolve) => (finish = resolve)),
      'GET /Project/': () => ({ items: [], total: 0 }),
    });
    await userEvent.type(screen.getByRole('textbox', { name: /搜索/ }), '深圳湾巡检');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    const saving = await screen.findByRole('button', { name: '保存中…' });
    // Not `disabled`: a disabled button drops the focus out of the dialog, and Escape would no longer reach it.
    expect(saving).not.toBeDisabled();
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    expect(saving).toHaveFocus();
    await userEvent.click(saving);
    finish({ id: 1 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('stays open when a delete or another save of the same resource finishes', async () => {
    const { store, onClose, calls } = renderForm({
      'DELETE /Project/4/': () => null,
      'PUT /Project/5/': () => ({ id: 5 }),
      'GET /Project/': () => ({ items: [], total: 0 }),
    });
    await userEvent.type(screen.getByRole('textbox', { name: /搜索/ }), '深圳湾巡检');
    store.dispatch(deleteRequested({ resource: 'project', id: 4 }));
    store.dispatch(saveRequested({ resource: 'project', id: 5, values: { name: 'other' } }));
    // The delete reads the page again; the edit is answered with its row, replaced in place.
    await waitFor(() => expect(calls.map((c) => c.method).sort()).toEqual(['DELETE', 'GET', 'PUT']));
    await waitFor(() => expect(store.getState().resources.project).toMatchObject({ busyIds: [], saving: false }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /搜索/ })).toHaveValue('深圳湾巡检');
  });
});

describe('ResourceFormDialog kit texts (spec §8)', () => {
  const schema = z.object({ level: z.string(), tags: z.array(z.string()), at: z.string() });
  function renderKitForm(language: 'zh-cn' | 'en') {
    const { store } = createTestStore({});
    function Form() {
      const state = useAppSelector((s) => selectResource(s, 'notice'));
      return (
        <ResourceFormDialog
          resource="notice"
          state={state}
          open
          title="t"
          schema={schema}
          defaultValues={{ level: '', tags: [], at: '' }}
          fields={[
            { name: 'level', label: 'notices.level', kind: 'select', options: [{ value: 'info', label: '普通' }] },
            {
              name: 'tags',
              label: 'notices.title',
              kind: 'multiselect',
              options: [
                { value: 'a', label: 'A' },
                { value: 'b', label: 'B' },
              ],
            },
            { name: 'at', label: 'notices.publishAt', kind: 'datetime' },
          ]}
          onClose={() => undefined}
        />
      );
    }
    renderWithStore(<Form />, store, language);
  }

  it.each([
    ['zh-cn', '请选择'],
    ['en', 'Please select'],
  ] as const)('empty selects show the placeholder (%s) until something is chosen', async (language, placeholder) => {
    renderKitForm(language);
    const [level, tags] = screen.getAllByRole('combobox');
    expect(level).toHaveTextContent(placeholder);
    expect(tags).toHaveTextContent(placeholder);
    await userEvent.click(level);
    await userEvent.click(await screen.findByRole('option', { name: '普通' }));
    await waitFor(() => expect(level).toHaveTextContent('普通'));
    expect(level).not.toHaveTextContent(placeholder);
  });

  it.each([
    ['zh-cn', '此刻'],
    ['en', 'Now'],
  ] as const)('the date-time picker offers "now" (%s) and it fills the field', async (language, now) => {
    renderKitForm(language);
    await userEvent.click(screen.getByRole('button', { name: /choose date|选择日期/i }));
    await userEvent.click(await screen.findByRole('button', { name: now }));
    await waitFor(() => expect(screen.getByRole('group', { name: /发布时间|Published at/ })).toHaveTextContent(/\d{4}/));
  });
});
