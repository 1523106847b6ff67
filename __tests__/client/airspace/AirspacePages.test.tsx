import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { demoUser, loggedInState, renderApp } from '../support/renderApp';
import { chooseRowAction } from '../support/rowActions';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

jest.mock('../../../src/crud/GeoMap', () => ({
  __esModule: true,
  default: ({ label, polygons, polylines }: { label: string; polygons?: unknown; polylines?: unknown }) => (
    <div role="region" aria-label={label}>
      {JSON.stringify(polygons ?? polylines ?? [])}
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

const area = {
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
const submitted = {
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
};
const routes = {
  'GET /Airspace/Apply/': () => ({ items: [submitted], total: 1 }),
  'GET /Device/': () => ({ items: [], total: 0 }),
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
        'GET /Airspace/Plan/': () => ({ items: [{ id: 8, application_id: 5, status: 'accepted', note: '早班', actions: ['fly', 'cancel'] }], total: 1 }),
        'GET /Airspace/Apply/': () => ({ items: [{ ...submitted, status: 'approved' }], total: 1 }),
        'GET /Device/': () => ({ items: [], total: 0 }),
        'GET /Route/': () => ({ items: [], total: 0 }),
        'POST /Airspace/Plan/8/fly/': () => ({}),
      },
      preloadedState: loggedInState,
    });
    expect(await screen.findByText('早班', {}, wait)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Airspace/Apply/')?.options?.query).toMatchObject({ status: 'approved' });
    await chooseRowAction('8', '标记已飞');
    await waitFor(() => expect(calls.some((c) => c.path === '/Airspace/Plan/8/fly/')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: '新建' }));
    const dialog = await screen.findByRole('dialog', { name: '新建飞行计划' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findAllByText('必填')).length).toBe(3);
  });
});

describe('/AirSpace/Report', () => {
  const report = {
    id: 2,
    device_id: 1,
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
    'GET /Device/': () => ({ items: [{ id: 1, name: 'M30', serial: 'SN1' }], total: 1 }),
    'GET /Airspace/Plan/': () => ({ items: [], total: 0 }),
  };
  const queries = (calls: Array<{ method: string; path: string; options?: { query?: unknown } }>, path: string) =>
    calls.filter((c) => c.method === 'GET' && c.path === path).map((c) => c.options?.query as Record<string, unknown>);

  it('charts and list share the range from the address; the export writes every report of it', async () => {
    const { calls } = renderApp('/AirSpace/Report?takeoff_from=2026-11-01&takeoff_to=2026-11-20', { routes: reportRoutes, preloadedState: loggedInState });
    // The first render of the page loads its lazy chunks, slow on a busy machine.
    expect(await screen.findByRole('figure', { name: 'charts' }, { timeout: 20_000 })).toHaveTextContent('2026-11-20:1');
    expect(screen.getByText('共 1 架次，0.5 小时，5 公里')).toBeInTheDocument();
    await screen.findByText('M30 (SN1)', {}, wait);
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

  it('spells the default range out in the address and opens a report with its track', async () => {
    const { calls } = renderApp('/AirSpace/Report', { routes: reportRoutes, preloadedState: loggedInState });
    await screen.findByRole('figure', { name: 'charts' }, wait);
    const [chart] = queries(calls, '/chartinfo/') as Array<{ from: string; to: string }>;
    expect(chart.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(window.location.hash).toBe(`#/AirSpace/Report?takeoff_from=${chart.from}&takeoff_to=${chart.to}`));
    await userEvent.click(await screen.findByText('M30 (SN1)', {}, wait));
    const drawer = await screen.findByRole('dialog', { name: '飞行报告 #2' });
    expect(await within(drawer).findByRole('region', { name: '飞行轨迹地图' }, wait)).toHaveTextContent('[[[22.5,114],[22.6,114.1]]]');
  });
});
