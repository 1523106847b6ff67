import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtaView } from '@shared/dji/firmware';
import type { FlightAreaSync } from '@shared/dji/flightAreas';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { FirmwarePanel, FlightAreaPanel } from '../../../src/features/remote';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore } from '../support/testStore';

const operator = {
  auth: {
    ...initialAuthState,
    token: 'tok',
    user: { id: 2, username: 'op', name: 'Op', phone: null, email: null, permissions: ['device:read', 'device:operate'] },
  },
};

const sync = (over: Partial<FlightAreaSync>): FlightAreaSync => ({
  status: null,
  reason: null,
  device_checksum: null,
  current_checksum: 'abc',
  in_sync: false,
  area_count: 3,
  updated_at: null,
  drone_locations: [],
  ...over,
});

describe('the flight area panel', () => {
  it('syncs the dock and shows it synchronized, with the aircraft’s distance to each area', async () => {
    let view = sync({});
    const { store, calls } = createTestStore(
      {
        'GET /Device/7/flight-areas/': () => view,
        'POST /FlightArea/sync/': () => {
          view = sync({
            status: 'synchronized',
            device_checksum: 'abc',
            in_sync: true,
            drone_locations: [{ area_id: 'skyline-feature-1', area_distance: 42.5, is_in_area: false }],
          });
          return [{ device_id: 7, sent: true, error_code: null, params: null }];
        },
      },
      operator,
    );
    renderWithStore(<FlightAreaPanel deviceId={7} />, store);
    const panel = await screen.findByRole('region', { name: '自定义飞行区' });
    expect(await within(panel).findByText('尚未同步')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: '同步飞行区' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.options?.body).toEqual({ device_ids: [7] }));
    expect(await within(panel).findByText('已同步最新飞行区')).toBeInTheDocument();
    expect(within(panel).getByText('skyline-feature-1：距边界 42.5 m（区外）')).toBeInTheDocument();
  });

  it('shows a failed sync’s reason and a dock that was not sent the sync, in the language chosen', async () => {
    const { store } = createTestStore(
      {
        'GET /Device/7/flight-areas/': () => sync({ status: 'fail', reason: 12 }),
        'POST /FlightArea/sync/': () => [{ device_id: 7, sent: false, error_code: 'remote.device_offline', params: { sn: 'DOCK-7' } }],
      },
      operator,
    );
    renderWithStore(<FlightAreaPanel deviceId={7} />, store, 'en');
    const panel = await screen.findByRole('region', { name: 'Custom flight areas' });
    expect(await within(panel).findByText('Checksum mismatch')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Sync flight areas' }));
    expect(await within(panel).findByText('Device DOCK-7 is offline')).toBeInTheDocument();
  });
});

describe('the firmware panel', () => {
  it('upgrades to the picked package after a confirmation naming the device, and shows the progress', async () => {
    let view: OtaView = {
      device_type: '3-2-0',
      firmware_version: '10.01.0001',
      needs_consistency_upgrade: true,
      job: null,
      firmwares: [
        {
          id: 5,
          device_type: '3-2-0',
          model: 'DJI Dock 2',
          product_version: '10.01.9999',
          file_name: 'f.zip',
          md5: 'x',
          size: 1,
          release_note: '',
          created_at: '',
        },
      ],
    };
    const { store, calls } = createTestStore(
      {
        'GET /Device/7/ota/': () => view,
        'POST /Device/7/ota/': () => {
          view = {
            ...view,
            job: {
              firmware_id: 5,
              product_version: '10.01.9999',
              status: 'in_progress',
              result: 0,
              percent: 40,
              step_key: 'download_firmware',
              updated_at: '',
            },
          };
          return view.job;
        },
      },
      operator,
    );
    renderWithStore(<FirmwarePanel deviceId={7} sn="DOCK-7" />, store);
    const panel = await screen.findByRole('region', { name: '固件升级' });
    expect(await within(panel).findByText('机场与飞行器固件不一致，需要一致性升级')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('combobox', { name: '固件包' }));
    await userEvent.click(await screen.findByRole('option', { name: '10.01.9999' }));
    await userEvent.click(within(panel).getByRole('button', { name: '升级' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认将设备 DOCK-7 升级到 10.01.9999？升级期间设备不可作业。')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.options?.body).toEqual({ firmware_id: 5, upgrade_type: 'normal', confirm_sn: 'DOCK-7' }),
    );
    expect(await within(panel).findByText('10.01.9999 · 升级中 · 下载固件')).toBeInTheDocument();
  });

  it('uploads a package for the device type (device:write), refusing an incomplete form in words, and offers it once stored', async () => {
    const stored = {
      id: 9,
      device_type: '3-2-0',
      model: 'DJI Dock 2',
      product_version: '10.02.0001',
      file_name: 'dock.zip',
      md5: 'm',
      size: 4,
      release_note: '',
      created_at: '',
    };
    let view: OtaView = { device_type: '3-2-0', firmware_version: '10.01.0001', needs_consistency_upgrade: false, job: null, firmwares: [] };
    const writer = { auth: { ...operator.auth, user: { ...operator.auth.user, permissions: ['device:read', 'device:write', 'device:operate'] } } };
    const { store, calls } = createTestStore(
      {
        'GET /Device/7/ota/': () => view,
        'POST /Firmware/': () => {
          view = { ...view, firmwares: [stored] };
          return stored;
        },
      },
      writer,
    );
    renderWithStore(<FirmwarePanel deviceId={7} sn="DOCK-7" />, store);
    const panel = await screen.findByRole('region', { name: '固件升级' });
    await userEvent.click(await within(panel).findByRole('button', { name: '上传固件包' }));
    const dialog = await screen.findByRole('dialog', { name: '上传固件包' });
    expect(within(dialog).getByText('适用设备类型：3-2-0（与本设备相同）')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '上传' }));
    expect(within(dialog).getByText('请选择固件文件')).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('固件文件'), new File(['fw!!'], 'dock.zip', { type: 'application/zip' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '上传' }));
    expect(within(dialog).getByText('请填写版本号')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '版本号' }), ' 10.02.0001 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '上传' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/Firmware/')?.options?.body as FormData;
    expect([sent.get('device_type'), sent.get('product_version'), sent.get('release_note'), (sent.get('file') as File).name]).toEqual([
      '3-2-0',
      '10.02.0001',
      '',
      'dock.zip',
    ]);
    // Stored: the panel reads its packages again and offers the new one.
    await userEvent.click(await within(panel).findByRole('combobox', { name: '固件包' }));
    expect(await screen.findByRole('option', { name: '10.02.0001' })).toBeInTheDocument();
  });
});
