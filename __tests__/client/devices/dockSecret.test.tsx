import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../src/api/client';
import { rootReducer } from '../../../src/app/rootReducer';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { createActionRecorder } from '../../../src/features/replay/recorder';
import { demoUser, loggedInState, renderApp } from '../support/renderApp';
import { chooseRowAction } from '../support/rowActions';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

jest.mock('../../../src/crud/GeoMap', () => ({ __esModule: true, default: () => null }));

const SECRET = 'q7Vx-once-only-9fK2';
const aircraft = { id: 1, serial: 'SN-0001', name: 'M30-巡检1', model: 'M30T', kind: 'aircraft', status: 'online', dept_id: null };
const dock = { id: 2, serial: 'DOCK-0002', name: '机场-南山', model: 'Dock 2', kind: 'dock', status: 'online', dept_id: null };
const routes = {
  'GET /Device/': () => ({ items: [aircraft, dock], total: 2 }),
  'GET /Dept/': () => ({ items: [], total: 0 }),
};

function renderRecorded(extraRoutes: typeof routes | Record<string, () => unknown>, preloadedState = loggedInState) {
  const recorder = createActionRecorder({ reducer: rootReducer, now: () => 0 });
  const view = renderApp('/Device/UAV', { routes: { ...routes, ...extraRoutes }, preloadedState, middleware: [recorder.middleware] });
  return { ...view, recorder };
}

describe('dock MQTT secret on /Device/UAV', () => {
  it('after creating a dock, shows its serial and secret once, copies it, and forgets it on close', async () => {
    const user = userEvent.setup();
    const { store, recorder } = renderRecorded({ 'POST /Device/': () => ({ ...dock, id: 9, serial: 'DOCK-0009', secret: SECRET }) });
    await screen.findByText('机场-南山', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: '新建' }));
    const form = await screen.findByRole('dialog', { name: '新建设备' });
    await user.type(within(form).getByRole('textbox', { name: /序列号/ }), 'DOCK-0009');
    await user.type(within(form).getByRole('textbox', { name: /名称/ }), '新机场');
    await user.type(within(form).getByRole('textbox', { name: /型号/ }), 'Dock 3');
    await user.click(within(form).getByRole('button', { name: '保存' }));

    const shown = await screen.findByRole('dialog', { name: '机场 MQTT 密钥' });
    expect(within(shown).getByRole('textbox', { name: '序列号' })).toHaveValue('DOCK-0009');
    expect(within(shown).getByRole('textbox', { name: '密钥' })).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('只显示这一次');
    expect(shown).toHaveTextContent('用户名 = 序列号，密码 = 此密钥');
    await user.click(within(shown).getByRole('button', { name: '复制密钥' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('button', { name: '已复制' })).toBeInTheDocument();

    expect(JSON.stringify(recorder.exportLog())).not.toContain(SECRET);
    await user.click(within(shown).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '机场 MQTT 密钥' })).not.toBeInTheDocument());
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);
  });

  it('rotate is offered on docks only and asks first; confirming posts /Device/{id}/secret/ and shows the new secret', async () => {
    const user = userEvent.setup();
    const { calls, recorder } = renderRecorded({ 'POST /Device/2/secret/': () => ({ sn: dock.serial, secret: SECRET }) });
    await screen.findByText('机场-南山', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'M30-巡检1 的操作' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['编辑', '删除']);
    await user.keyboard('{Escape}');

    await chooseRowAction('机场-南山', '轮换密钥');
    const cancelled = await screen.findByRole('dialog', { name: '轮换机场密钥' });
    expect(cancelled).toHaveTextContent('机场-南山 (DOCK-0002)');
    await user.click(within(cancelled).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '轮换机场密钥' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await chooseRowAction('机场-南山', '轮换密钥');
    await user.click(within(await screen.findByRole('dialog', { name: '轮换机场密钥' })).getByRole('button', { name: '确定' }));
    const shown = await screen.findByRole('dialog', { name: '机场 MQTT 密钥' });
    expect(within(shown).getByRole('textbox', { name: '序列号' })).toHaveValue('DOCK-0002');
    expect(within(shown).getByRole('textbox', { name: '密钥' })).toHaveValue(SECRET);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/Device/2/secret/']);
    expect(JSON.stringify(recorder.exportLog())).not.toContain(SECRET);
  });

  it('a failed rotation reports the error, shows no secret and frees the row', async () => {
    const user = userEvent.setup();
    renderRecorded({
      'POST /Device/2/secret/': () => {
        throw new ApiError('http', 'Only docks have an MQTT secret', 400, null);
      },
    });
    await screen.findByText('机场-南山', {}, { timeout: 8000 });
    await chooseRowAction('机场-南山', '轮换密钥');
    await user.click(within(await screen.findByRole('dialog', { name: '轮换机场密钥' })).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(/操作失败/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '机场-南山 的操作' })).toBeEnabled());
    expect(screen.queryByRole('dialog', { name: '机场 MQTT 密钥' })).not.toBeInTheDocument();
  });

  it('a viewer without device:write gets no rotate action', async () => {
    const viewer = { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: ['device:read'] } } };
    renderRecorded({}, viewer);
    await screen.findByText('机场-南山', {}, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: /轮换密钥/ })).not.toBeInTheDocument();
  });
});
