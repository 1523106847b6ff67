import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogFileList, LogUpload } from '@shared/dji/deviceLogs';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { LogsPanel } from '../../../src/features/remote';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';

const operator = {
  auth: {
    ...initialAuthState,
    token: 'tok',
    user: { id: 2, username: 'op', name: 'Op', phone: null, email: null, permissions: ['device:read', 'device:operate'] },
  },
};

const boots: LogFileList[] = [
  { device_sn: 'DOCK-7', module: '3', result: 0, list: [{ boot_index: 11, start_time: 0, end_time: 1000, size: 4096 }] },
  { device_sn: 'DRONE-7', module: '0', result: 0, list: [{ boot_index: 21, start_time: 0, end_time: 1000, size: 2048 }] },
];

const upload = (over: Partial<LogUpload>): LogUpload => ({
  id: 3,
  status: 'file_uploading',
  result: 0,
  files: [
    { module: '3', device_sn: 'DOCK-7', boot_indexes: [11], object_key: 'k', status: 'file_uploading', result: 0, progress: 60, size: null, fingerprint: null },
  ],
  username: 'op',
  created_at: '',
  updated_at: '',
  ...over,
});

describe('the logs panel', () => {
  it('lists the boots, uploads the picked ones, shows the progress and cancels', async () => {
    let uploads: LogUpload[] = [];
    const { store, calls } = createTestStore(
      {
        'GET /Device/7/logs/uploads/': () => uploads,
        'GET /Device/7/logs/': () => boots,
        'POST /Device/7/logs/': () => {
          uploads = [upload({})];
          return uploads[0];
        },
        'DELETE /Device/7/logs/': () => {
          uploads = [upload({ status: 'canceled' })];
          return null;
        },
      },
      operator,
    );
    renderWithStore(<LogsPanel deviceId={7} />, store);
    const panel = await screen.findByRole('region', { name: '设备日志' });
    await userEvent.click(within(panel).getByRole('button', { name: '获取日志列表' }));
    const dockBoots = await within(panel).findByLabelText('机场');
    await userEvent.click(within(dockBoots).getByRole('checkbox'));
    await userEvent.click(within(panel).getByRole('button', { name: '上传所选日志' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.options?.body).toEqual({ files: [{ module: '3', boot_indexes: [11] }] }));
    expect(await within(panel).findByText('上传 3 · op · 上传中')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: '取消上传' }));
    expect(await within(panel).findByText('上传 3 · op · 已取消')).toBeInTheDocument();
  });

  it("shows the dock's refusal in words", async () => {
    const { store } = createTestStore(
      {
        'GET /Device/7/logs/uploads/': () => [upload({ status: 'failed', result: 324016 })],
      },
      operator,
    );
    renderWithStore(<LogsPanel deviceId={7} />, store, 'en');
    const panel = await screen.findByRole('region', { name: 'Device logs' });
    expect(await within(panel).findByText('The job failed: The dock storage is full (error 324016)')).toBeInTheDocument();
  });
});
