import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_AIRSPACE_RULES } from '@shared/airspace';
import type { Polygon } from '@shared/geo';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { demoUser, loggedInState, renderApp } from '../support/renderApp';
import { chooseRowAction } from '../support/rowActions';
import { applicationRow } from '../support/rows';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

jest.mock('../../../src/crud/GeoMap', () => ({
  __esModule: true,
  default: ({ label, polygons, polylines }: { label: string; polygons?: unknown; polylines?: unknown }) => (
    <div role="region" aria-label={label}>
      {JSON.stringify(polygons ?? polylines ?? [])}
      {polygons && polylines ? ` ${JSON.stringify(polylines)}` : ''}
    </div>
  ),
}));
// Leaflet and geoman do not run in jsdom: the area map stands in with a button that "draws" a square, as geoman reports one.
jest.mock('../../../src/features/airspace/AreaMap', () => ({
  __esModule: true,
  default: ({ label, ring, onChange }: { label: string; ring: unknown; onChange: (ring: [number, number][]) => void }) => (
    <div role="region" aria-label={label}>
      {JSON.stringify(ring)}
      <button
        type="button"
        onClick={() =>
          onChange([
            [114, 22.5],
            [114.01, 22.5],
            [114.01, 22.51],
            [114, 22.51],
          ])
        }
      >
        draw
      </button>
    </div>
  ),
}));
jest.mock('../../../src/features/airspace/ReplayMap', () => ({
  __esModule: true,
  default: ({ label, track, position }: { label: string; track: unknown; position: unknown }) => (
    <div role="region" aria-label={label} data-position={JSON.stringify(position)}>
      {JSON.stringify(track)}
    </div>
  ),
}));
jest.mock('../../../src/features/airspace/ReportCharts', () => ({
  __esModule: true,
  default: ({ data }: { data: { flightsPerDay: Array<{ date: string; count: number }> } }) => (
    <div role="figure" aria-label="charts">
      {data.flightsPerDay.map((d) => `${d.date}:${d.count}`).join(' ')}
    </div>
  ),
}));

const area: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [114, 22.5],
      [114.1, 22.5],
      [114.1, 22.6],
      [114, 22.5],
    ],
  ],
};
const submitted = applicationRow({
  id: 5,
  purpose: '大桥巡检',
  status: 'submitted',
  device_id: null,
  min_alt: 0,
  max_alt: 120,
  start_at: '2026-11-23T01:00:00.000Z',
  end_at: '2026-11-23T03:00:00.000Z',
  area,
  actions: ['approve', 'reject', 'cancel'],
});
const routes = {
  'GET /Airspace/Apply/': () => ({ items: [submitted], total: 1 }),
  'GET /Airspace/Rules/': () => DEFAULT_AIRSPACE_RULES,
  'GET /Device/': () => ({ items: [], total: 0 }),
  'GET /Feature/': () => ({ items: [], total: 0 }),
};
const wait = { timeout: 8000 };
const operator = { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: ['airspace:read', 'airspace:write'] } } };

describe('/AirSpace/Apply', () => {
  it('an approver approves with a note', async () => {
    const { calls } = renderApp('/AirSpace/Apply', {
      routes: { ...routes, 'POST /Airspace/Apply/5/approve/': () => ({ ...submitted, status: 'approved' }) },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('大桥巡检', {}, wait)).toBeInTheDocument();
    expect(screen.getAllByText('已提交').length).toBeGreaterThan(0);
    await chooseRowAction('大桥巡检', '批准');
    const dialog = await screen.findByRole('dialog', { name: '批准空域申请' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '备注' }), '同意');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/Airspace/Apply/5/approve/')?.options?.body).toEqual({ note: '同意' }));
  });

  it('without airspace:approve there is no approve or reject', async () => {
    renderApp('/AirSpace/Apply', { routes, preloadedState: operator });
    await screen.findByText('大桥巡检', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: '大桥巡检 的操作' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['撤销']);
  });

  it('create validates the purpose, times and area', async () => {
    const { calls } = renderApp('/AirSpace/Apply', { routes, preloadedState: loggedInState });
    await screen.findByText('大桥巡检', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建空域申请' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('至少需要 3 个顶点')).toBeInTheDocument();
    expect(within(dialog).getAllByText('必填').length).toBeGreaterThanOrEqual(3);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('draws the area on the map, names every bad typed line, and shows the rule verdict before saving', async () => {
    const draft = {
      ...submitted,
      id: 6,
      purpose: '高空测绘',
      status: 'draft',
      purpose_kind: 'routine',
      max_alt: 400,
      start_at: '2027-03-02T02:00:00.000Z',
      end_at: '2027-03-02T04:00:00.000Z',
      actions: ['submit', 'cancel'],
    };
    renderApp('/AirSpace/Apply', { routes: { ...routes, 'GET /Airspace/Apply/': () => ({ items: [draft], total: 1 }) }, preloadedState: loggedInState });
    await screen.findByText('高空测绘', {}, wait);
    await chooseRowAction('高空测绘', '编辑');
    const dialog = await screen.findByRole('dialog', { name: '编辑空域申请' });
    const verdict = await within(dialog).findByRole('region', { name: '空域规则检查' }, wait);
    expect(verdict).toHaveTextContent('最高高度 400 米超过该类飞行的限高 300 米');
    await userEvent.click(within(dialog).getByRole('button', { name: '清除' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'draw' }));
    const text = within(dialog).getByRole('textbox', { name: '顶点坐标（经度,纬度）' });
    expect(text).toHaveValue('114,22.5\n114.01,22.5\n114.01,22.51\n114,22.51');
    await userEvent.type(text, '\nabc{Enter}300,1');
    expect(within(dialog).getByText('第 5 行无法识别为“经度,纬度”：abc')).toBeInTheDocument();
    expect(within(dialog).getByText('第 6 行无法识别为“经度,纬度”：300,1')).toBeInTheDocument();
  });

  it('shows the reviewer why an application waits for review, and that it is late', async () => {
    const waiting = { ...submitted, late: 1, review_reasons: ['late', 'above_auto_ceiling'], decided_by_system: 0 };
    renderApp('/AirSpace/Apply', { routes: { ...routes, 'GET /Airspace/Apply/': () => ({ items: [waiting], total: 1 }) }, preloadedState: loggedInState });
    expect(await screen.findByText('逾期提交', {}, wait)).toBeInTheDocument();
    await userEvent.click(screen.getByText('大桥巡检'));
    const drawer = await screen.findByRole('dialog', { name: '空域申请 #5' });
    expect(within(drawer).getByText('逾期提交；高于自动批准限高')).toBeInTheDocument();
    expect(within(drawer).getByText('是（需审批人填写说明后批准）')).toBeInTheDocument();
  });

  it('the detail shows the area on the map', async () => {
    renderApp('/AirSpace/Apply', { routes, preloadedState: loggedInState });
    await userEvent.click(await screen.findByText('大桥巡检', {}, wait));
    const drawer = await screen.findByRole('dialog', { name: '空域申请 #5' });
    expect(await within(drawer).findByRole('region', { name: '空域范围地图' }, wait)).toHaveTextContent('[[[22.5,114],[22.5,114.1],[22.6,114.1]]]');
  });
});

describe('/AirSpace/Plan', () => {
  it('lists plans and only offers approved applications to file against', async () => {
    const { calls } = renderApp('/AirSpace/Plan', {
      routes: {
        'GET /Airspace/Plan/': () => ({ items: [{ id: 8, application_id: 5, status: 'accepted', note: '早班', actions: ['end', 'cancel'] }], total: 1 }),
        'GET /Airspace/Apply/': () => ({ items: [{ ...submitted, status: 'approved' }], total: 1 }),
        'GET /Device/': () => ({ items: [], total: 0 }),
        'GET /Route/': () => ({ items: [], total: 0 }),
        'POST /Airspace/Plan/8/end/': () => ({}),
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('早班', {}, wait)).toBeInTheDocument();
    await chooseRowAction('8', '结束');
    await waitFor(() => expect(calls.some((c) => c.path === '/Airspace/Plan/8/end/')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建飞行计划' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findAllByText('必填')).length).toBe(3);
    // The application pick list searches approved applications only, when it opens.
    expect(calls.some((c) => c.path === '/Airspace/Apply/')).toBe(false);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /空域申请/ }));
    expect(await screen.findByRole('option', { name: '#5 大桥巡检' }, wait)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Airspace/Apply/')?.options?.query).toMatchObject({ status: 'approved' });
  });

  it('filing shows the approved volume with the route and the rule verdict before saving', async () => {
    const approved = { ...submitted, status: 'approved', device_id: 3, start_at: '2027-03-02T02:00:00.000Z', end_at: '2027-03-02T04:00:00.000Z' };
    const route = {
      id: 2,
      name: '外环',
      waypoints: [
        { lng: 114.01, lat: 22.51, alt: 50, speed: 10 },
        { lng: 114.2, lat: 22.51, alt: 50, speed: 10 },
      ],
    };
    const filed = {
      id: 9,
      application_id: 5,
      route_id: 2,
      status: 'filed',
      note: '',
      planned_start_at: '2027-03-02T03:00:00.000Z',
      planned_end_at: '2027-03-02T05:00:00.000Z',
      actions: ['accept', 'reject', 'cancel'],
    };
    renderApp('/AirSpace/Plan', {
      routes: {
        'GET /Airspace/Plan/': () => ({ items: [filed], total: 1 }),
        // The preview loads the chosen application and route only.
        'GET /Airspace/Apply/5/': () => approved,
        'GET /Route/2/': () => route,
      },
      preloadedState: loggedInState,
    });
    await screen.findByRole('button', { name: '9 的操作' }, wait);
    await chooseRowAction('9', '编辑');
    const dialog = await screen.findByRole('dialog', { name: '编辑飞行计划' });
    const preview = await within(dialog).findByRole('region', { name: '计划空域预览' }, wait);
    expect(await within(preview).findByRole('region', { name: '批准空域与航线地图' }, wait)).toHaveTextContent(
      '[[[22.5,114],[22.5,114.1],[22.6,114.1]]] [[[22.51,114.01],[22.51,114.2]]]',
    );
    const verdict = within(preview).getByRole('region', { name: '空域规则检查' });
    expect(verdict).toHaveTextContent('晚于批准时段');
    expect(verdict).toHaveTextContent('第 1 个航点在批准空域之外');
  });
});

describe('/AirSpace/Plan?id= (the /Tas drone card’s plan link)', () => {
  it('lists that plan, highlighted', async () => {
    const { calls } = renderApp('/AirSpace/Plan?id=8', {
      routes: { 'GET /Airspace/Plan/': () => ({ items: [{ id: 8, application_id: 5, status: 'accepted', note: '早班', actions: [] }], total: 1 }) },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('仅显示 #8', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Airspace/Plan/')?.options?.query).toMatchObject({ id: '8' });
    await waitFor(() => expect(screen.getAllByRole('row').find((r) => r.getAttribute('data-id') === '8')).toHaveClass('skyline-row-focused'));
  });
});

describe('/AirSpace/Report', () => {
  const report = {
    id: 2,
    device_id: 1,
    device_name: 'M30',
    plan_id: 8,
    takeoff_at: '2026-11-20T01:00:00.000Z',
    landing_at: '2026-11-20T01:30:00.000Z',
    duration_s: 1800,
    distance_m: 5000,
    max_alt: 110,
    track: {
      type: 'LineString',
      coordinates: [
        [114, 22.5],
        [114.1, 22.6],
      ],
    },
  };
  const reportRoutes = {
    'GET /chartinfo/': () => ({
      from: '2026-11-01',
      to: '2026-11-20',
      flightsPerDay: [{ date: '2026-11-20', count: 1 }],
      hoursPerDevice: [],
      statusCounts: { plans: {}, devices: {} },
      totals: { flights: 1, hours: 0.5, distanceKm: 5 },
    }),
    'GET /Airspace/Report/': () => ({ items: [report], total: 1 }),
    'GET /Airspace/Report/2/kml/': () => '<kml/>',
    'GET /Airspace/Plan/': () => ({ items: [], total: 0 }),
  };
  const queries = (calls: Array<{ method: string; path: string; options?: { query?: unknown } }>, path: string) =>
    calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => c.options?.query as Record<string, unknown>);

  it('charts and list share the range from the address; the export writes every report of it', async () => {
    const { calls } = renderApp('/AirSpace/Report?takeoff_from=2026-11-01&takeoff_to=2026-11-20', { routes: reportRoutes, preloadedState: loggedInState });
    // The first render of the page loads its lazy chunks, slow on a busy machine.
    expect(await screen.findByRole('figure', { name: 'charts' }, { timeout: 20_000 })).toHaveTextContent('2026-11-20:1');
    expect(screen.getByText('共 1 架次，0.5 小时，5 公里')).toBeInTheDocument();
    await screen.findByText('M30', {}, wait);
    // Device names come with the rows: no device list is loaded to label them.
    expect(calls.some((c) => c.path === '/Device/')).toBe(false);
    expect(queries(calls, '/chartinfo/')).toEqual([{ from: '2026-11-01', to: '2026-11-20' }]);
    expect(queries(calls, '/Airspace/Report/').at(-1)).toMatchObject({ takeoff_from: '2026-11-01', takeoff_to: '2026-11-20' });

    URL.createObjectURL = jest.fn(() => 'blob:csv');
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(names).toEqual(['flight-reports-2026-11-01-2026-11-20.csv']));
    expect(queries(calls, '/Airspace/Report/').at(-1)).toEqual({ page: 1, page_size: 100, takeoff_from: '2026-11-01', takeoff_to: '2026-11-20' });
    click.mockRestore();
  });

  it('the device filter names the device of the address with one GET of it and narrows charts and list', async () => {
    const { calls } = renderApp('/AirSpace/Report?takeoff_from=2026-11-01&takeoff_to=2026-11-20&device_id=1', {
      routes: { ...reportRoutes, 'GET /Device/1/': () => ({ id: 1, name: 'M30', serial: 'SN1' }) },
      preloadedState: loggedInState,
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '设备' })).toHaveValue('M30 (SN1)'), { timeout: 20_000 });
    expect(queries(calls, '/chartinfo/').at(-1)).toMatchObject({ device_id: '1' });
    expect(queries(calls, '/Airspace/Report/').at(-1)).toMatchObject({ device_id: '1' });
    expect(calls.some((c) => c.path === '/Device/')).toBe(false);
  });

  it('spells the default range out in the address and opens a report with its track', async () => {
    const { calls } = renderApp('/AirSpace/Report', { routes: reportRoutes, preloadedState: loggedInState });
    await screen.findByRole('figure', { name: 'charts' }, wait);
    const [chart] = queries(calls, '/chartinfo/') as Array<{ from: string; to: string }>;
    expect(chart.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(window.location.hash).toBe(`#/AirSpace/Report?takeoff_from=${chart.from}&takeoff_to=${chart.to}`));
    await userEvent.click(await screen.findByText('M30', {}, wait));
    const drawer = await screen.findByRole('dialog', { name: '飞行报告 #2' });
    expect(await within(drawer).findByRole('region', { name: '飞行轨迹地图' }, wait)).toHaveTextContent('[[22.5,114],[22.6,114.1]]');
    expect(within(drawer).getByText('手动录入')).toBeInTheDocument();

    // An export asks the server for the file and saves it under the record's name.
    URL.createObjectURL = jest.fn(() => 'blob:kml');
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await userEvent.click(within(drawer).getByRole('button', { name: '导出 KML' }));
    await waitFor(() => expect(names).toEqual(['flight-2-2026-11-20.kml']));
    expect(calls.some((c) => c.method === 'GET' && c.path === '/Airspace/Report/2/kml/')).toBe(true);
    click.mockRestore();
  });
});
