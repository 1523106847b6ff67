import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { z } from 'zod';
import { ApiError } from '../../../src/api/client';
import { useAppSelector } from '../../../src/app/hooks';
import { createI18n } from '../../../src/features/i18n/i18n';
import ResourceFormDialog from '../../../src/features/resources/ResourceFormDialog';
import { selectResource } from '../../../src/features/resources/selectors';
import { createTestStore } from '../support/testStore';

const schema = z.object({ name: z.string().min(1, '必填'), description: z.string() });

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
  render(
    <Provider store={ctx.store}>
      <I18nextProvider i18n={createI18n('zh-cn')}>
        <ProjectForm onClose={onClose} />
      </I18nextProvider>
    </Provider>,
  );
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

  it('shows server field errors next to the field and keeps what was typed', async () => {
    const { onClose } = renderForm({
      'POST /Project/': () => {
        throw new ApiError('http', 'Conflict', 409, { errors: [{ field: 'name', message: '名称已存在' }] });
      },
    });
    await userEvent.type(screen.getByRole('textbox', { name: /搜索/ }), '深圳湾巡检');
    await userEvent.type(screen.getByRole('textbox', { name: /详情/ }), '每周一次');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('名称已存在')).toBeInTheDocument();
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
});
