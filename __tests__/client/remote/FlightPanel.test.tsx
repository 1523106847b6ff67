import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlightView } from '@shared/dji/commandFlight';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { FlightPanel } from '../../../src/features/remote';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore, httpError } from '../support/testStore';

const operator = {
  auth: {
    ...initialAuthState,
    token: 'tok',
    user: { id: 2, username: 'op', name: 'Op', phone: null, email: null, permissions: ['device:read', 'device:operate'] },
  },
};
const flying: FlightView = {
  aircraft_sn: 'UAV-9',
  progress: {
    kind: 'takeoff',
    id: 'f1',
    status: 'wayline_progress',
    result: 0,
    remaining_distance: 120.5,
    remaining_time: 12,
    planned_path: [],
    updated_at: 'now',
  },
};

describe('the command flight panel', () => {
  it('takes off to the point typed in after a confirmation naming the aircraft, and shows the progress', async () => {
    let view: FlightView = { aircraft_sn: 'UAV-9', progress: null };
    const { store, calls } = createTestStore(
      {
        'GET /Device/4/flight/': () => view,
        'POST /Device/4/takeoff/': () => (view = flying),
      },
      operator,
    );
    renderWithStore(<FlightPanel deviceId={4} />, store);
    const panel = await screen.findByRole('region', { name: '指令飞行' });
    await userEvent.type(within(panel).getByRole('spinbutton', { name: '纬度' }), '22.51');
    await userEvent.type(within(panel).getByRole('spinbutton', { name: '经度' }), '113.93');
    await userEvent.click(within(panel).getByRole('button', { name: '一键起飞到此点' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('飞行器 UAV-9 将移动，确定执行？')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.options?.body).toEqual({ lat: 22.51, lng: 113.93, height: 60, max_speed: 8, confirm_sn: 'UAV-9' }),
    );
    expect(await within(panel).findByText('一键起飞：飞行中，剩余 120.5 m / 12 s')).toBeInTheDocument();
  });

  it('shows why the return home was refused, in the language chosen', async () => {
    const { store } = createTestStore(
      {
        'GET /Device/4/flight/': () => ({ aircraft_sn: 'UAV-9', progress: null }),
        'POST /Device/4/return-home/': httpError(409, 'The aircraft is not in the air', { error_code: 'remote.not_flying' }),
      },
      operator,
    );
    renderWithStore(<FlightPanel deviceId={4} />, store, 'en');
    const panel = await screen.findByRole('region', { name: 'Command flight' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Return home' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /confirm|ok/i }));
    expect(await within(panel).findByText('The aircraft is not in the air')).toBeInTheDocument();
  });
});
