import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DebugView } from '@shared/dji/remoteDebug';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { DockDebugPanel } from '../../../src/features/remote';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore, httpError } from '../support/testStore';

const closedDock = (modeCode: number): DebugView => ({
  online: true,
  mode_code: modeCode,
  live: {
    sn: 'DOCK-1',
    kind: 'dock',
    at: 1,
    windSpeed: 4.2,
    dock: { coverState: 0, droneInDock: 1, droneCharging: 0, rainfall: 2, environmentTemperature: 21.5, emergencyStop: 0 },
  },
  job: null,
  methods: [
    { method: 'debug_mode_open', job: false, refusal: null },
    { method: 'cover_open', job: true, refusal: modeCode === 2 ? null : 'not_in_debug_mode' },
    { method: 'air_conditioner_mode_switch', job: false, refusal: modeCode === 2 ? null : 'not_in_debug_mode' },
  ],
});

const user = (permissions: string[]) => ({
  auth: { ...initialAuthState, token: 'tok', user: { id: 2, username: 'op', name: 'Op', phone: null, email: null, permissions } },
});

describe('the dock maintenance panel', () => {
  it("shows the dock's state, sends debug_mode_open, then the cover's progress", async () => {
    let view = closedDock(0);
    const { store, calls } = createTestStore(
      {
        'GET /Device/7/debug/': () => view,
        'POST /Device/7/debug/': (options) => {
          const body = options?.body as { method: string };
          if (body.method === 'debug_mode_open') view = closedDock(2);
          if (body.method === 'cover_open')
            view = { ...view, job: { method: 'cover_open', status: 'in_progress', result: 0, percent: 40, step_key: 'open_cover', updated_at: 'now' } };
          return { method: body.method, status: 'ok', result: 0, percent: null, step_key: null, updated_at: 'now' };
        },
      },
      user(['device:read', 'device:operate']),
    );
    renderWithStore(<DockDebugPanel deviceId={7} />, store);
    const panel = await screen.findByRole('region', { name: '机场远程调试' });
    await waitFor(() => expect(within(panel).getByText('中雨')).toBeInTheDocument());
    const mode = () => panel.querySelector('[data-field="remote.mode"]')?.textContent;
    expect(mode()).toBe('模式空闲');
    expect(within(panel).getByRole('button', { name: '打开舱盖' })).toBeDisabled();

    await userEvent.click(within(panel).getByRole('button', { name: '开启远程调试' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: '打开舱盖' })).toBeEnabled());
    expect(mode()).toBe('模式远程调试');
    expect(calls.find((c) => c.method === 'POST')?.options?.body).toEqual({ method: 'debug_mode_open' });

    await userEvent.click(within(panel).getByRole('button', { name: '打开舱盖' }));
    const progress = await within(panel).findByRole('progressbar', { name: '打开舱盖' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(within(panel).getByText(/当前作业: 打开舱盖 · 执行中 · open_cover/)).toBeInTheDocument();
  });

  it("shows the dock's refusal with DJI's meaning in the user's language", async () => {
    const { store } = createTestStore(
      {
        'GET /Device/7/debug/': () => closedDock(2),
        'POST /Device/7/debug/': httpError(409, 'The device refused cover_open', {
          error_code: 'remote.device_refused',
          params: { method: 'cover_open', result: 514134, meaning: 'heavy_rain' },
        }),
      },
      user(['device:read', 'device:operate']),
    );
    renderWithStore(<DockDebugPanel deviceId={7} />, store, 'en');
    const panel = await screen.findByRole('region', { name: 'Dock remote debugging' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Open the cover' }));
    expect(await within(panel).findByText('The device refused cover_open: Heavy rain (error 514134)')).toBeInTheDocument();
  });

  it('shows the state but no command without device:operate', async () => {
    const { store } = createTestStore({ 'GET /Device/7/debug/': () => closedDock(2) }, user(['device:read', 'device:write']));
    renderWithStore(<DockDebugPanel deviceId={7} />, store);
    const panel = await screen.findByRole('region', { name: '机场远程调试' });
    await waitFor(() => expect(panel.querySelector('[data-field="remote.mode"]')?.textContent).toBe('模式远程调试'));
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});
