import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettingsView } from '@shared/dji/properties';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { SettingsPanel } from '../../../src/features/remote';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';

const operator = {
  auth: {
    ...initialAuthState,
    token: 'tok',
    user: { id: 2, username: 'op', name: 'Op', phone: null, email: null, permissions: ['device:read', 'device:operate'] },
  },
};

describe('the settings panel', () => {
  it("shows the aircraft's current values and sends only what was changed", async () => {
    let view: SettingsView = {
      kind: 'aircraft',
      writable: ['height_limit', 'obstacle_avoidance'],
      values: { height_limit: 120, obstacle_avoidance: { horizon: 1, upside: 1, downside: 1 }, night_lights_state: 0 },
    };
    const { store, calls } = createTestStore(
      {
        'GET /Device/8/properties/': () => view,
        'PATCH /Device/8/properties/': () => {
          view = { ...view, values: { ...view.values, height_limit: 300, obstacle_avoidance: { horizon: 0, upside: 1, downside: 1 } } };
          return view;
        },
      },
      operator,
    );
    renderWithStore(<SettingsPanel deviceId={8} />, store);
    const panel = await screen.findByRole('region', { name: '设备设置' });
    const height = await within(panel).findByRole('spinbutton', { name: '限高（m）' });
    expect(height).toHaveValue(120);
    expect(within(panel).getByRole('switch', { name: '水平避障' })).toBeChecked();
    await userEvent.clear(height);
    await userEvent.type(height, '300');
    await userEvent.click(within(panel).getByRole('switch', { name: '水平避障' }));
    await userEvent.click(within(panel).getByRole('switch', { name: '夜航灯' }));
    await userEvent.click(within(panel).getByRole('switch', { name: '夜航灯' }));
    await userEvent.click(within(panel).getByRole('button', { name: '应用修改' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.options?.body).toEqual({ height_limit: 300, obstacle_avoidance: { horizon: 0 } }));
    expect(await within(panel).findByRole('spinbutton', { name: '限高（m）' })).toHaveValue(300);
    expect(within(panel).getByRole('switch', { name: '水平避障' })).not.toBeChecked();
  });
});
