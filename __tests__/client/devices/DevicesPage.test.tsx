import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import type { DeviceStatus } from '@shared/live';
import { LIVE_MAX_AGE_MS, telemetryTopics, withLiveStatus } from '../../../src/features/devices/deviceRules';
import { demoUser, loggedInState, renderApp } from '../support/renderApp';
import { deviceRow } from '../support/rows';
import { chooseRowAction } from '../support/rowActions';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

jest.mock('../../../src/crud/GeoMap', () => ({
  __esModule: true,
  default: ({ label, markers }: { label: string; markers?: Array<{ position: [number, number] }> }) => (
    <div role="region" aria-label={label}>
      {markers?.map((m) => m.position.join(',')).join(';')}
    </div>
  ),
}));

const device = {
  id: 1,
  serial: 'SN-0001',
  name: 'M30-巡检1',
  model: 'M30T',
  kind: 'aircraft',
  status: 'online',
  dept_id: 2,
  dept_name: '南山分队',
  battery: 76,
  last_seen_at: '2026-11-20T08:00:00.000Z',
  last_lat: 22.5,
  last_lng: 114.1,
  photo: '/uploads/p.png',
};
const routes = {
  'GET /Device/': () => ({ items: [device], total: 1 }),
  'GET /Dept/': () => ({ items: [{ id: 2, name: '南山分队', parent_id: null }], total: 1 }),
};

beforeAll(() => {
  // jsdom has no object URLs; the photo preview needs one.
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
});

describe('/Device/UAV', () => {
  it('lists devices with status chips and the department name', async () => {
    renderApp('/Device/UAV', { routes, preloadedState: loggedInState });
    expect(await screen.findByText('M30-巡检1', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('在线')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('南山分队').length).toBeGreaterThan(0));
  });

  it('flags a device that needs a consistency upgrade beside its firmware, and filters on it', async () => {
    const flagged = { ...device, id: 2, serial: 'DOCK-0002', name: '机场-2', kind: 'dock', firmware: '10.01.0001', needs_consistency_upgrade: 1 };
    const plain = { ...device, firmware: '07.01.0002', needs_consistency_upgrade: 0 };
    const { calls } = renderApp('/Device/UAV?needs_consistency_upgrade=1', {
      routes: { ...routes, 'GET /Device/': () => ({ items: [plain, flagged], total: 2 }) },
      preloadedState: loggedInState,
    });
    const row = (await screen.findByText('机场-2', {}, { timeout: 8000 })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('10.01.0001')).toBeInTheDocument();
    expect(within(row).getByText('需一致性升级')).toBeInTheDocument();
    const other = screen.getByText('M30-巡检1').closest('[role="row"]') as HTMLElement;
    expect(within(other).getByText('07.01.0002')).toBeInTheDocument();
    expect(within(other).queryByText('需一致性升级')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Device/')?.options?.query).toMatchObject({ needs_consistency_upgrade: '1' });
  });

  it('filters go to the API and the URL', async () => {
    const { calls } = renderApp('/Device/UAV?status=flying&kind=dock', { routes, preloadedState: loggedInState });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    expect(calls.find((c) => c.path === '/Device/')?.options?.query).toMatchObject({ status: 'flying', kind: 'dock', page: 1, page_size: 20 });
  });

  it('create validates before sending', async () => {
    const { calls } = renderApp('/Device/UAV', { routes, preloadedState: loggedInState });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建设备' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /序列号/ }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('4-64 位字母、数字或 -')).toBeInTheDocument();
    expect(within(dialog).getAllByText('必填').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('create sends multipart with the photo; emptied optional fields go as "null"', async () => {
    const { calls } = renderApp('/Device/UAV', { routes: { ...routes, 'POST /Device/': () => ({ id: 9 }) }, preloadedState: loggedInState });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建设备' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /序列号/ }), 'SN-0009');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /名称/ }), '新机');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /型号/ }), 'M3E');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('设备照片', { selector: 'input' }), photo);
    expect(await within(dialog).findByRole('img', { name: '查看图片' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.options!.body as FormData;
    expect(body.get('serial')).toBe('SN-0009');
    expect(body.get('dept_id')).toBe('null');
    expect((body.get('photo') as File).name).toBe('p.png');
  });

  it('refuses a picture the server would refuse before anything is sent, in words, and takes a good one after it', async () => {
    const { calls } = renderApp('/Device/UAV', { routes: { ...routes, 'POST /Device/': () => ({ id: 9 }) }, preloadedState: loggedInState });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建设备' });
    const input = within(dialog).getByLabelText('设备照片', { selector: 'input' });
    // The accept list would hide a GIF from the picker; a drop or "all files" still hands one over.
    await userEvent.upload(input, new File(['GIF89a'], 'p.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await within(dialog).findByText('图片须为 PNG、JPEG 或 WebP 格式')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: '查看图片' })).not.toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('文件不能超过 5 MB')).toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: '查看图片' })).toBeInTheDocument();
    expect(within(dialog).queryByText('文件不能超过 5 MB')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('delete asks for confirmation, then deletes', async () => {
    const { calls } = renderApp('/Device/UAV', { routes: { ...routes, 'DELETE /Device/1/': () => null }, preloadedState: loggedInState });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    await chooseRowAction('M30-巡检1', '删除');
    const confirm = await screen.findByRole('dialog', { name: '确认删除' });
    expect(confirm).toHaveTextContent('确定删除“M30-巡检1”吗？');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/Device/1/')).toBe(true));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const { calls } = renderApp('/Device/UAV', { routes, preloadedState: loggedInState });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    await chooseRowAction('M30-巡检1', '删除');
    await userEvent.click(within(await screen.findByRole('dialog', { name: '确认删除' })).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认删除' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('listens to the telemetry of the listed devices only while the page is open', async () => {
    const { store, router } = renderApp('/Device/UAV', { routes, preloadedState: loggedInState });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    await waitFor(() => expect(store.getState().broker.subscriptions).toContain('thing/product/SN-0001/osd'));
    act(() => router.navigate('/404'));
    await waitFor(() => expect(store.getState().broker.subscriptions).not.toContain('thing/product/SN-0001/osd'));
  });

  it('a viewer sees no create, edit or delete', async () => {
    const viewer = { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: ['device:read'] } } };
    renderApp('/Device/UAV', { routes, preloadedState: viewer });
    await screen.findByText('M30-巡检1', {}, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: '新建' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
  });

  it('the detail drawer shows photo, battery, last seen and the position on the map', async () => {
    renderApp('/Device/UAV', { routes, preloadedState: loggedInState });
    await userEvent.click(await screen.findByText('M30-巡检1', {}, { timeout: 8000 }));
    const drawer = await screen.findByRole('dialog', { name: 'M30-巡检1 (SN-0001)' });
    expect(within(drawer).getByRole('img', { name: '设备照片' })).toHaveAttribute('src', '/uploads/p.png');
    expect(within(drawer).getByText('76%')).toBeInTheDocument();
    expect(await within(drawer).findByRole('region', { name: '设备位置地图' })).toHaveTextContent('22.5,114.1');
  });
});

describe('withLiveStatus', () => {
  const row = deviceRow({ id: 1, serial: 'A1', status: 'offline', battery: 50 });
  const NOW = 1_000_000;
  const sample = (at: number) => ({ A1: { battery: 40, lat: 1, lng: 2, at } });
  const flying: Record<string, DeviceStatus> = { A1: 'flying' };
  it.each<[string, ReturnType<typeof sample> | Record<string, never>, Record<string, DeviceStatus> | null, Record<string, unknown>]>([
    [
      "fresh telemetry wins over the stored row, with the server's status",
      sample(NOW - 1000),
      flying,
      { status: 'flying', battery: 40, last_lat: 1, live: true },
    ],
    ['fresh telemetry before any sysinfo/online keeps the stored status', sample(NOW - 1000), null, { status: 'offline', battery: 40, live: true }],
    ['telemetry older than LIVE_MAX_AGE_MS is ignored', sample(NOW - LIVE_MAX_AGE_MS - 1), null, { status: 'offline', battery: 50 }],
    ["stale telemetry falls back to the server's status", sample(NOW - LIVE_MAX_AGE_MS - 1), { A1: 'online' }, { status: 'online', battery: 50 }],
    ['the server says flying: shown as flying', {}, flying, { status: 'flying' }],
    ['not among the online devices: offline', {}, {}, { status: 'offline' }],
  ])('%s', (_name, telemetry, statuses, expected) => {
    const result = withLiveStatus(row, { telemetry, statuses }, NOW);
    expect(result).toMatchObject(expected);
    if (!('live' in expected)) expect(result.live).toBeUndefined();
  });
  it('a dock has no battery: neither the stored nor a reported one is shown (never "0 %" in red)', () => {
    const dock = deviceRow({ ...row, kind: 'dock', battery: 0 });
    expect(withLiveStatus(dock, { telemetry: {}, statuses: null }, NOW).battery).toBeNull();
    expect(withLiveStatus(dock, { telemetry: sample(NOW - 1000), statuses: flying }, NOW)).toMatchObject({ status: 'flying', battery: null, live: true });
    expect(withLiveStatus(deviceRow({ ...row, kind: 'aircraft', battery: 0 }), { telemetry: {}, statuses: null }, NOW).battery).toBe(0);
  });
  it('presence leaves maintenance alone, and no broker data leaves the row as it is', () => {
    expect(withLiveStatus(deviceRow({ ...row, status: 'maintenance' }), { telemetry: {}, statuses: {} }, NOW).status).toBe('maintenance');
    expect(withLiveStatus(row, { telemetry: {}, statuses: null }, NOW)).toBe(row);
  });
});

describe('telemetryTopics', () => {
  it.each([
    [
      'one topic per serial, sorted and unique',
      [
        { id: 1, serial: 'B2' },
        { id: 2, serial: 'A1' },
        { id: 3, serial: 'B2' },
      ],
      ['thing/product/A1/osd', 'thing/product/B2/osd'],
    ],
    [
      'rows without a usable serial are skipped',
      [
        { id: 1, serial: '' },
        { id: 2, serial: 'a/b' },
        { id: 3, serial: '+' },
      ],
      [],
    ],
  ])('%s', (_name, rows, topics) => expect(telemetryTopics(rows)).toEqual(topics));
});
