import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DjiLive } from '@shared/dji/live';
import type { Alert } from '@shared/entities/alert';
import { TOPIC_ALERTS } from '@shared/live';
import { brokerEvents } from '../../../src/features/broker/eventBus';
import { installSimulatedBridge, SIMULATED_AIRCRAFT_SN, SIMULATED_RC_SN } from '../../../src/features/controller/simulatedBridge';
import { liveFields } from '../../../src/features/devicelink/liveFields';
import { formatter } from '../../../src/shared/format';
import { pairingOf } from '../../../src/features/devicelink/pairing';
import { loggedInState, renderApp } from '../support/renderApp';

jest.setTimeout(60_000);

jest.mock('../../../src/crud/GeoMap', () => ({ __esModule: true, default: () => null }));

const aircraftLive: DjiLive = {
  sn: 'UAV-1',
  kind: 'aircraft',
  at: 1_000,
  modeCode: 3,
  mode: { en: 'Manual flight', zh: '手动飞行' },
  battery: 76,
  remainFlightTime: 950,
  elevation: 80,
  homeDistance: 420.4,
  gpsNumber: 19,
  rtkNumber: 30,
  rtkFixed: 2,
  windSpeed: 3.2,
  windDirection: 'NE',
};

describe('liveFields', () => {
  it.each<[string, DjiLive, 'en' | 'zh', Array<[string, unknown]>]>([
    [
      'an aircraft: mode in the language, battery, time left, heights, GPS/RTK, wind',
      aircraftLive,
      'en',
      [
        ['mode', { text: 'Manual flight' }],
        ['battery', { text: '76%' }],
        ['remainFlightTime', { text: '16 min' }],
        ['elevation', { text: '80 m' }],
        ['homeDistance', { text: '420.4 m' }],
        ['gps', { key: 'devicelink.satellites', params: { count: 19 } }],
        ['rtk', { key: 'devicelink.rtkStates.2', params: { count: 30 } }],
        ['wind', { text: '3.2 m/s NE' }],
      ],
    ],
    ['the mode in Chinese', { sn: 'A', kind: 'aircraft', at: 1, mode: { en: 'Standby', zh: '待机' } }, 'zh', [['mode', { text: '待机' }]]],
    [
      'an RC: its radio link',
      { sn: 'RC', kind: 'remote_controller', at: 1, battery: 80, sdrQuality: 4 },
      'en',
      [
        ['battery', { text: '80%' }],
        ['rcLink', { key: 'devicelink.linkBars', params: { sdr: 4, lte: '—' } }],
      ],
    ],
    [
      'a dock: cover, aircraft inside, environment, rain',
      { sn: 'D', kind: 'dock', at: 1, dock: { coverState: 1, droneInDock: 0, environmentTemperature: 24.25, humidity: 60, rainfall: 2 } },
      'en',
      [
        ['cover', { key: 'devicelink.coverStates.1' }],
        ['droneInDock', { key: 'devicelink.no' }],
        ['environment', { text: '24.3°C, 60%' }],
        ['rainfall', { key: 'devicelink.rainfallLevels.2' }],
      ],
    ],
    ['nothing reported, nothing shown', { sn: 'X', kind: 'aircraft', at: 1 }, 'en', []],
  ])('%s', (_name, live, language, expected) => {
    expect(liveFields(live, language, formatter('en-US')).map((f) => [f.label, f.value])).toEqual(
      expected.map(([label, value]) => [label, expect.objectContaining(value)]),
    );
  });
});

describe('pairingOf', () => {
  const rows = [
    { serial: 'RC-1', kind: 'remote_controller', gateway_sn: null },
    { serial: 'UAV-1', kind: 'aircraft', gateway_sn: 'RC-1' },
    { serial: 'UAV-2', kind: 'aircraft', gateway_sn: 'DOCK-9' },
    { serial: 'UAV-3', kind: 'aircraft', gateway_sn: null },
  ];
  it.each([
    ['an aircraft names its gateway with the gateway’s kind', rows[1], { key: 'devicelink.gatewayKinds.remote_controller', params: { sn: 'RC-1' } }],
    ['a gateway not on the page is named by serial', rows[2], { text: 'DOCK-9' }],
    ['a gateway lists the aircraft connected through it', rows[0], { key: 'devicelink.aircraftList', params: { list: 'UAV-1' } }],
    ['an unpaired device has none', rows[3], null],
  ])('%s', (_name, row, expected) => expect(pairingOf(row, rows)).toEqual(expected));
});

describe('device drawer on /Device/UAV', () => {
  const now = '2026-11-24T04:00:00.000Z';
  const alert = (id: number, code: string, level: 0 | 1 | 2, active: 0 | 1 = 1): Alert => ({
    id,
    kind: 'hms',
    code,
    level,
    module: 3,
    device_id: 1,
    device_sn: 'UAV-1',
    gateway_sn: 'RC-1',
    in_the_sky: 1,
    first_seen_at: now,
    last_seen_at: now,
    count: 1,
    active,
    acked_by: null,
    acked_at: null,
    args: { component_index: 1 },
    plan_id: null,
    closed_at: null,
    device_type: '0-77-0',
    // The server's texts (from DJI's HMS table, server/hms/).
    message: `${code} 的说明`,
    message_zh: `${code} 的说明`,
    message_en: `${code} explained`,
  });
  const devices = [
    { id: 1, serial: 'UAV-1', name: '巡检一号', model: 'Mavic 3 Enterprise', kind: 'aircraft', status: 'flying', gateway_sn: 'RC-1', battery: 76 },
    { id: 2, serial: 'RC-1', name: '遥控器一号', model: 'DJI RC Pro Enterprise', kind: 'remote_controller', status: 'online', gateway_sn: null },
  ];
  const routes = {
    'GET /Device/': () => ({ items: devices, total: 2 }),
    'GET /Dept/': () => ({ items: [], total: 0 }),
    'GET /Notice/unread/': () => ({ count: 2 }),
    'GET /Device/1/live/': () => ({ live: aircraftLive, gatewaySn: 'RC-1' }),
    'GET /Alert/': () => ({ items: [alert(7, '0x16080020', 2)], total: 1 }),
  };
  const osd = (data: Record<string, unknown>) => ({ tid: 't', bid: 'b', timestamp: 2_000, data });

  it('shows the pairing, the DJI live fields and the active HMS alerts, and follows OSD and sysinfo/alerts', async () => {
    const { store } = renderApp('/Device/UAV', { routes, preloadedState: loggedInState });
    await screen.findByText('巡检一号', {}, { timeout: 8000 });
    expect(screen.getByText('遥控器 RC-1')).toBeInTheDocument();
    expect(screen.getByText('飞行器 UAV-1')).toBeInTheDocument();

    await userEvent.click(screen.getByText('巡检一号'));
    const drawer = await screen.findByRole('dialog', { name: '巡检一号 (UAV-1)' }, { timeout: 5000 });
    const live = within(drawer).getByRole('region', { name: '实时状态 (DJI)' });
    expect(await within(live).findByText('手动飞行', {}, { timeout: 5000 })).toBeInTheDocument();
    // 950 s left, through src/shared/format.ts duration in the app language (as the live-fields table above expects '16 min').
    expect(within(live).getByText('16分钟')).toBeInTheDocument();
    expect(within(live).getByText('3.2 m/s NE')).toBeInTheDocument();
    // The server's HMS text in the app's language, warning colour.
    const motor = within(live).getByText(/0x16080020 的说明/);
    expect(within(live).queryByText(/explained/)).not.toBeInTheDocument();
    expect(motor.closest('[data-level]')).toHaveAttribute('data-level', '2');
    expect(motor.closest('[data-level]')).toHaveClass('MuiAlert-colorError');
    expect(store.getState().broker.subscriptions).toContain('thing/product/UAV-1/osd');

    act(() => brokerEvents.emit('thing/product/UAV-1/osd', { topic: 'thing/product/UAV-1/osd', message: osd({ mode_code: 9, wind_speed: 5 }) }));
    expect(await within(live).findByText('自动返航', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(live).getByText('5 m/s NE')).toBeInTheDocument();

    // The open drawer hides the rest of the page from assistive technology.
    const bell = () => screen.getByRole('link', { name: /未读消息/, hidden: true });
    await waitFor(() => expect(bell()).toHaveAccessibleName('未读消息 2 条'), { timeout: 5000 });
    const unknown = { at: 3_000, activeCount: 4, alert: { ...alert(8, '0x99999999', 0), last_seen_at: '2026-11-24T04:01:00.000Z' } };
    act(() => brokerEvents.emit(TOPIC_ALERTS, { topic: TOPIC_ALERTS, message: unknown }));
    expect(await within(live).findByText('0x99999999 的说明', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('未读消息 6 条');
    // A flight safety alert (server/safety/) shows beside the HMS ones, with its level's colour; a conformance one does not.
    const battery = { ...alert(9, 'critical_battery', 2), kind: 'safety' as const, message_zh: '电量严重不足', message_en: 'Critical battery' };
    const conformance = { ...alert(10, 'outside_volume', 2), kind: 'conformance' as const, message_zh: '飞出计划空域' };
    act(() => brokerEvents.emit(TOPIC_ALERTS, { topic: TOPIC_ALERTS, message: { at: 3_500, alert: conformance } }));
    act(() => brokerEvents.emit(TOPIC_ALERTS, { topic: TOPIC_ALERTS, message: { at: 3_500, activeCount: 6, alert: battery } }));
    expect((await within(live).findByText('电量严重不足', {}, { timeout: 5000 })).closest('[data-level]')).toHaveClass('MuiAlert-colorError');
    expect(within(live).queryByText('飞出计划空域')).not.toBeInTheDocument();
    act(() => brokerEvents.emit(TOPIC_ALERTS, { topic: TOPIC_ALERTS, message: { at: 3_600, activeCount: 4, alert: { ...battery, active: 0 } } }));
    await waitFor(() => expect(within(live).queryByText('电量严重不足')).not.toBeInTheDocument());
    const cleared = { at: 4_000, activeCount: 3, alert: alert(7, '0x16080020', 2, 0) };
    act(() => brokerEvents.emit(TOPIC_ALERTS, { topic: TOPIC_ALERTS, message: cleared }));
    await waitFor(() => expect(within(live).queryByText(/0x16080020 的说明/)).not.toBeInTheDocument());
    expect(bell()).toHaveAccessibleName('未读消息 5 条');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(store.getState().devicelink.live).toEqual({}));
  });

  it("an alert without the platform's count (a narrower data scope) makes the bell re-read the user's count, at most once a second", async () => {
    // No alert before the burst; the burst's first read finds 3, the next one 4 (whenever the page gets to show them).
    let burstReads = 0;
    let bursting = false;
    const activeCount = () => (bursting ? 2 + ++burstReads : 0);
    const { calls } = renderApp('/Device/UAV', {
      routes: { ...routes, 'GET /Alert/': () => ({ items: [], total: activeCount() }) },
      preloadedState: loggedInState,
    });
    const bell = () => screen.getByRole('link', { name: /未读消息/ });
    await waitFor(() => expect(bell()).toHaveAccessibleName('未读消息 2 条'), { timeout: 5000 });
    const countReads = () => calls.filter((c) => c.method === 'GET' && c.path === '/Alert/' && c.options?.query?.page_size === 1).length;
    const before = countReads();
    bursting = true;
    const burst = () => {
      for (const id of [20, 21, 22, 23, 24])
        act(() => brokerEvents.emit(TOPIC_ALERTS, { topic: TOPIC_ALERTS, message: { at: 5_000, alert: alert(id, '0x16080020', 2) } }));
    };
    burst();
    await waitFor(() => expect(bell()).toHaveAccessibleName('未读消息 5 条'), { timeout: 5000 });
    // One read at the first alert, one for the rest of the burst a second later: two, not five.
    await waitFor(() => expect(bell()).toHaveAccessibleName('未读消息 6 条'), { timeout: 5000 });
    expect(countReads()).toBe(before + 2);
  });
});

describe('/djiapp home', () => {
  afterEach(() => delete (window as { djiBridge?: unknown }).djiBridge);

  it('the thing tile shows which of the controller’s serials the platform has bound, checked again on refresh', async () => {
    installSimulatedBridge({ connectDelayMs: 0 });
    let known = [SIMULATED_AIRCRAFT_SN];
    const routes = {
      'GET /djiconf/1/': () => ({ appId: '1', appKey: 'k', appLicense: 'l', workspaceId: '1', mqttHost: 'ws://broker/mqtt' }),
      'GET /Device/': (options?: { query?: Record<string, unknown> }) => {
        const serial = String(options?.query?.search);
        return { items: known.includes(serial) ? [{ id: 1, serial, kind: 'aircraft' }] : [], total: 0 };
      },
    };
    renderApp('/djiapp/home', { routes, preloadedState: loggedInState });
    const tile = await screen.findByRole('region', { name: '物联组件（消息通道）' }, { timeout: 8000 });
    expect(await within(tile).findByText(`平台已绑定: ${SIMULATED_AIRCRAFT_SN} 已绑定 · ${SIMULATED_RC_SN} 未绑定`, {}, { timeout: 5000 })).toBeInTheDocument();
    known = [SIMULATED_AIRCRAFT_SN, SIMULATED_RC_SN];
    await userEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(await within(tile).findByText(`平台已绑定: ${SIMULATED_AIRCRAFT_SN} 已绑定 · ${SIMULATED_RC_SN} 已绑定`, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
