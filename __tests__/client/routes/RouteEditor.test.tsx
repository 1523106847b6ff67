import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waypointSchema } from '@shared/wayline/model';
import RouteEditorDialog, { type EditorContext } from '../../../src/features/routes/RouteEditorDialog';
import { editorOpened, mapClicked, routeLoaded, waypointChanged } from '../../../src/features/routes/routeEditorSlice';
import { loggedInState } from '../support/renderApp';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore, flush } from '../support/testStore';

jest.setTimeout(30_000);

// The Leaflet map and its editable line are the browser test's (e2e/routes.e2e.ts); here map clicks are dispatched.
jest.mock('../../../src/features/map/MapCanvas', () => ({
  __esModule: true,
  default: ({ label }: { label: string }) => <div role="region" aria-label={label} />,
}));

const context: EditorContext = { restricted: [] };

const saved = {
  project_name: null,
  id: 7,
  project_id: 1,
  name: '河道',
  waypoints: [waypointSchema.parse({ lat: 22.5, lng: 114, alt: 80, speed: 8 }), waypointSchema.parse({ lat: 22.51, lng: 114, alt: 80, speed: 8 })],
  settings: undefined,
  length_m: 1112,
  duration_s: 139,
  battery_pct: 6.4,
  template_type: 'waypoint',
  template: null,
  source: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function setup(ceiling: number | null = null) {
  const { store, calls } = createTestStore(
    {
      'POST /Route/': (options) => ({ ...saved, ...(options?.body as object), id: 8 }),
      'GET /Route/7/': () => saved,
      'GET /Route/': () => ({ items: [], total: 0 }),
      // The route's project: its name in the pick list, its ceiling for the checks.
      'GET /Project/1/': () => ({ id: 1, name: '深圳湾项目', ceiling_m: ceiling, area: null }),
    },
    loggedInState,
  );
  renderWithStore(<RouteEditorDialog canWrite context={context} />, store);
  return { store, calls };
}

describe('route editor', () => {
  it('draws a new route by clicking the map, shows its live figures and saves it', async () => {
    const { store, calls } = setup();
    act(() => void store.dispatch(editorOpened({ id: null, project_id: 1 })));
    const dialog = await screen.findByRole('dialog', { name: '新建航线' });
    expect(within(dialog).getByText('尚无航点：点击“添加航点”后在地图上点击。')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '结束添加' })).toBeInTheDocument();
    act(() => {
      store.dispatch(mapClicked({ lat: 22.5, lng: 114 }));
      store.dispatch(mapClicked({ lat: 22.51, lng: 114 }));
    });
    const figures = within(dialog).getByRole('status', { name: '航线检查' });
    expect(figures).toHaveTextContent('航点数 2');
    // 1112 m at the default 10 m/s.
    expect(figures).toHaveTextContent('航线长度 1.11公里');
    expect(figures).toHaveTextContent('预计时长 2分钟');
    expect(within(dialog).getByText('航线检查通过')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '航线名称' }), '新航线');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Route/')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.path === '/Route/')!.options!.body as Record<string, unknown>;
    expect(body).toMatchObject({ project_id: 1, name: '新航线', settings: { drone_model: '0-77-0', rc_lost_action: 0 } });
    expect(body.waypoints).toEqual([
      expect.objectContaining({ lat: 22.5, lng: 114, alt: 100, speed: 10, actions: [] }),
      expect.objectContaining({ lat: 22.51 }),
    ]);
    await waitFor(() => expect(store.getState().routeEditor.draft?.id).toBe(8));
  });

  it('shows the route checks as you edit and keeps a failing route from being saved', async () => {
    const { store } = setup(100);
    act(() => void store.dispatch(editorOpened({ id: 7 })));
    await act(flush);
    const dialog = await screen.findByRole('dialog', { name: '编辑航线 · 河道' });
    expect(within(dialog).getByText('航线检查通过')).toBeInTheDocument();
    act(() => void store.dispatch(waypointChanged({ index: 1, patch: { speed: 20, alt: 130 } })));
    expect(within(dialog).getByText('航点 2：速度 20 m/s 超出 0.1–15 m/s')).toBeInTheDocument();
    expect(within(dialog).getByText('航点 2：高度 130 m 超过项目限高 100 m')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '保存' })).toBeDisabled();
  });

  it('edits the selected waypoint: height, an action with its parameter, and deletion', async () => {
    const { store } = setup();
    act(() => void store.dispatch(editorOpened({ id: 7 })));
    await act(flush);
    const dialog = await screen.findByRole('dialog', { name: '编辑航线 · 河道' });
    await userEvent.click(within(dialog).getByRole('button', { name: '选择航点 1' }));
    const panel = within(dialog).getByRole('region', { name: '航点 1' });
    const height = within(panel).getByRole('spinbutton', { name: '高度 (m)' });
    await userEvent.clear(height);
    await userEvent.type(height, '95');
    expect(store.getState().routeEditor.draft?.waypoints[0].alt).toBe(95);

    await userEvent.click(within(panel).getByRole('combobox', { name: '添加动作' }));
    await userEvent.click(await screen.findByRole('option', { name: '悬停' }));
    await userEvent.click(within(panel).getByRole('button', { name: '添加动作' }));
    expect(store.getState().routeEditor.draft?.waypoints[0].actions).toEqual([{ type: 'hover', seconds: 5 }]);
    const seconds = within(panel).getByRole('spinbutton', { name: '时长 (s)' });
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '30');
    expect(store.getState().routeEditor.draft?.waypoints[0].actions).toEqual([{ type: 'hover', seconds: 30 }]);
    // 1112 m at 8 m/s = 139 s, plus the 30 s hover.
    expect(within(dialog).getByRole('status', { name: '航线检查' })).toHaveTextContent('预计时长 3分钟');

    await userEvent.click(within(panel).getByRole('button', { name: '删除航点' }));
    expect(store.getState().routeEditor.draft?.waypoints).toHaveLength(1);
    expect(within(dialog).getByText('航线至少需要 2 个航点（当前 1 个）')).toBeInTheDocument();
  });

  it('loads a saved route with its settings filled in', async () => {
    const { store } = setup();
    act(() => void store.dispatch(editorOpened({ id: 7 })));
    await act(flush);
    act(() => void store.dispatch(routeLoaded({ ...saved, settings: { ...store.getState().routeEditor.draft!.settings, rth_altitude: 150 } })));
    expect(store.getState().routeEditor.draft?.settings.rth_altitude).toBe(150);
  });
});
