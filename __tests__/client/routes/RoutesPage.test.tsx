import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ROUTE_SETTINGS } from '@shared/wayline/model';
import { loggedInState, renderApp } from '../support/renderApp';
import { chooseRowAction } from '../support/rowActions';

jest.setTimeout(60_000);

jest.mock('../../../src/features/map/MapCanvas', () => ({
  __esModule: true,
  default: ({ label }: { label: string }) => <div role="region" aria-label={label} />,
}));

const route = {
  id: 9,
  name: '河道巡检',
  project_id: 1,
  project_name: '深圳湾项目',
  waypoints: [
    { lat: 22.5, lng: 114, alt: 80, speed: 8, heading_mode: 'followWayline', heading_angle: 0, turn_mode: 'coordinateTurn', actions: [] },
    { lat: 22.51, lng: 114, alt: 80, speed: 8, heading_mode: 'followWayline', heading_angle: 0, turn_mode: 'coordinateTurn', actions: [] },
  ],
  settings: { ...DEFAULT_ROUTE_SETTINGS, drone_model: '0-89-0' },
  length_m: 1234,
  duration_s: 154,
  battery_pct: 5.8,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};
const routes = {
  'GET /Route/': () => ({ items: [route], total: 1 }),
  'GET /Project/1/': () => ({ id: 1, name: '深圳湾项目', area: null, ceiling_m: null }),
  'GET /Feature/': () => ({ items: [], total: 0 }),
  'GET /Route/9/kmz/': () => new Blob(['kmz']),
  'POST /Route/import/': () => ({
    item: { ...route, id: 10, name: '导入' },
    warnings: [{ code: 'route.several_waylines', message: '', params: { count: 2 } }],
  }),
};
const wait = { timeout: 8000 };

describe('/Task/Route', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:route');
    URL.revokeObjectURL = jest.fn();
  });

  it('lists routes with project, waypoints, length, duration, battery and aircraft, filtered by project in the address', async () => {
    const { calls } = renderApp('/Task/Route?project_id=1', { routes, preloadedState: loggedInState });
    expect(await screen.findByText('河道巡检', {}, wait)).toBeInTheDocument();
    const row = screen.getByText('河道巡检').closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('深圳湾项目')).toBeInTheDocument());
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('1.23公里')).toBeInTheDocument();
    expect(within(row).getByText('3分钟')).toBeInTheDocument();
    expect(within(row).getByText('6%')).toBeInTheDocument();
    expect(within(row).getByText('Matrice 350 RTK')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Route/')?.options?.query).toMatchObject({ project_id: '1' });
    // The filter names the project of the address (one GET of it), and no list of projects is loaded.
    await waitFor(() => expect(screen.getByRole('combobox', { name: '项目' })).toHaveValue('深圳湾项目'));
    expect(calls.some((c) => c.path === '/Project/')).toBe(false);
  });

  it('exports a route as KMZ through the API (a file download)', async () => {
    const { calls } = renderApp('/Task/Route', { routes, preloadedState: loggedInState });
    await screen.findByText('河道巡检', {}, wait);
    await chooseRowAction('河道巡检', '导出');
    await userEvent.click(await screen.findByRole('menuitem', { name: '导出为 KMZ' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/Route/9/kmz/')?.options).toMatchObject({ blob: true }));
  });

  it('imports a file into the chosen project and shows what the server said about it', async () => {
    const { calls } = renderApp('/Task/Route?project_id=1', { routes, preloadedState: loggedInState });
    await screen.findByText('河道巡检', {}, wait);
    await userEvent.click(screen.getByRole('button', { name: '导入航线' }));
    const dialog = await screen.findByRole('dialog', { name: '导入航线' });
    const file = new File(['PK'], 'river.kmz', { type: 'application/vnd.google-earth.kmz' });
    await userEvent.upload(within(dialog).getByLabelText('导入航线', { selector: 'input' }), file);
    await waitFor(() => expect(calls.some((c) => c.path === '/Route/import/')).toBe(true));
    const form = calls.find((c) => c.path === '/Route/import/')!.options!.body as FormData;
    expect(form.get('project_id')).toBe('1');
    expect((form.get('file') as File).name).toBe('river.kmz');
    expect(await screen.findByText(/文件包含 2 条航线，均已保留，按顺序连续显示/, {}, wait)).toBeInTheDocument();
  });

  it('opens the editor on a row', async () => {
    renderApp('/Task/Route', { routes: { ...routes, 'GET /Route/9/': () => route }, preloadedState: loggedInState });
    await screen.findByText('河道巡检', {}, wait);
    await chooseRowAction('河道巡检', '编辑');
    expect(await screen.findByRole('dialog', { name: '编辑航线 · 河道巡检' }, wait)).toBeInTheDocument();
  });
});
