import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Defect, DefectCategory, DefectSeverity } from '@shared/entities/defect';
import type { RequestOptions } from '../../../src/api/client';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { MENU_TREE } from '../../../src/features/menu/menuTree';
import { visibleMenu } from '../../../src/features/navigation/permissions';
import { demoUser, loggedInState, renderApp } from '../support/renderApp';
import { httpError } from '../support/testStore';
import { photo } from '../media/mediaFixtures';

jest.setTimeout(60_000);

const categories: DefectCategory[] = [
  { id: 1, parent_id: null, code: 'power', name_zh: '输电线路', name_en: 'Power line' },
  { id: 2, parent_id: 1, code: 'insulator', name_zh: '绝缘子破损', name_en: 'Broken insulator' },
];
const defect = (id: number, severity: DefectSeverity, status: Defect['status'], actions: Defect['actions']): Defect => ({
  id,
  media_id: 1,
  project_id: 1,
  task_id: 7,
  flight_record_id: null,
  category_id: 2,
  severity,
  status,
  region: {
    type: 'rect',
    points: [
      [0.25, 0.1],
      [0.5, 0.4],
    ],
  },
  note: `缺陷 ${id}`,
  lat: 22.5,
  lng: 114.05,
  assignee_id: null,
  assignee_name: null,
  created_by: 1,
  created_at: '2026-05-01T08:40:00Z',
  updated_at: '2026-05-01T08:40:00Z',
  actions,
});
const wait = { timeout: 8000 };

describe('/Defect', () => {
  it('lists the defects by the filters, steps one with the action the server offers and opens its photo with the region outlined', async () => {
    let confirmed = false;
    const all = () => [
      confirmed ? defect(11, 'critical', 'confirmed', ['repair', 'reject']) : defect(11, 'critical', 'new', ['confirm', 'reject']),
      defect(12, 'low', 'fixed', ['verify']),
    ];
    const { calls } = renderApp('/Defect', {
      routes: {
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': (options?: RequestOptions) => {
          const query = (options?.query ?? {}) as Record<string, unknown>;
          const items = all().filter(
            (d) => (query.severity === undefined || d.severity === query.severity) && (query.media_id === undefined || d.media_id === query.media_id),
          );
          return { items, total: items.length };
        },
        'POST /Defect/11/confirm/': () => ((confirmed = true), all()[0]),
        'GET /Media/1/': () => photo(1, 'DJI_0001_W.JPG'),
      },
      preloadedState: loggedInState,
    });
    const table = await screen.findByRole('table', { name: '缺陷管理' }, wait);
    expect(within(table).getAllByTestId('defect-row')).toHaveLength(2);
    expect(screen.getByText('共 2 个缺陷')).toBeInTheDocument();

    // Filtering by severity asks the server for the first page of critical defects.
    await userEvent.click(screen.getByRole('combobox', { name: '严重程度' }));
    await userEvent.click(await screen.findByRole('option', { name: '危急' }));
    await waitFor(() => expect(within(table).getAllByTestId('defect-row')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/Defect/').at(-1)?.options?.query).toEqual({ page: 1, page_size: 50, severity: 'critical' });

    // The buttons are the row's actions from the server; after a step the row shows what the server answered.
    const row = within(table).getByTestId('defect-row');
    expect(within(row).getByText('绝缘子破损')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['11', '确认', '驳回', '指派']);
    await userEvent.click(within(row).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(within(row).getByText('已确认')).toBeInTheDocument());
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['11', '开始维修', '驳回', '指派']);

    // Its photo opens with the photo's defects outlined in their severity's colour.
    await userEvent.click(within(row).getByRole('button', { name: '照片 11' }));
    const dialog = await screen.findByRole('dialog', { name: '缺陷 11 的照片' });
    expect(await within(dialog).findByRole('img', { name: 'DJI_0001_W.JPG' })).toHaveAttribute('src', '/api/Media/1/file/?exp=1&sig=x');
    const outline = within(dialog).getByLabelText('危急缺陷 11');
    expect(outline).toHaveAttribute('points', '25,10 50,10 50,40 25,40');
    expect(outline).toHaveAttribute('stroke', '#e53935');
    expect(calls.filter((c) => c.path === '/Defect/').at(-1)?.options?.query).toMatchObject({ media_id: 1 });
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('maps every defect of the filters by severity, clustered; when too many, the most severe, then those in view at each move', async () => {
    const { calls } = renderApp('/Defect', {
      routes: {
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': () => ({ items: [defect(40, 'critical', 'new', [])], total: 9000 }),
        'GET /Defect/points/': (options?: RequestOptions) =>
          (options?.query as Record<string, unknown>).bbox
            ? {
                points: [
                  [41, 22.5, 114.05, 'low'],
                  [40, 22.5, 114.05, 'critical'],
                  [43, 22.9, 114.9, 'high'],
                ],
                truncated: true,
              }
            : {
                points: [
                  [40, 22.5, 114.05, 'critical'],
                  [42, 23.9, 115.6, 'high'],
                ],
                truncated: true,
              },
        'GET /Defect/43/': () => ({ ...defect(43, 'high', 'new', []), media_id: 2 }),
        'GET /Media/2/': () => photo(2, 'DJI_0002_W.JPG'),
      },
      preloadedState: loggedInState,
    });
    await userEvent.click(await screen.findByRole('button', { name: '地图' }, wait));
    const map = await screen.findByRole('region', { name: '地图' }, wait);
    // The whole filters' answer was cut (the most severe first): once the map has framed them, it asks for what is in view.
    await waitFor(() => expect(calls.filter((c) => c.path === '/Defect/points/').map((c) => c.options?.query)).toEqual([{}, { bbox: expect.any(String) }]));
    expect(await within(map).findByText('缺陷过多，地图只显示最严重的 3 个；放大地图可显示所在范围内的全部缺陷', {}, wait)).toBeInTheDocument();
    // Two defects at one spot: one marker in the colour of the more severe; the high one on its own.
    const cluster = map.querySelector('.point-cluster');
    expect(cluster).toHaveTextContent('2');
    expect(cluster?.innerHTML).toContain('#e53935');
    const lone = map.querySelectorAll('path.leaflet-interactive');
    expect(lone).toHaveLength(1);
    expect(lone[0]).toHaveAttribute('stroke', '#f57c00');
    fireEvent.click(lone[0]);
    const dialog = await screen.findByRole('dialog', { name: '缺陷 43 的照片' }, wait);
    expect(await within(dialog).findByRole('img', { name: 'DJI_0002_W.JPG' }, wait)).toBeInTheDocument();
  });

  it("#/Defect?id=… opens that defect's photo with its region, though it is not on the list page", async () => {
    const { calls } = renderApp('/Defect?id=31', {
      routes: {
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': (options?: RequestOptions) =>
          (options?.query as Record<string, unknown>)?.media_id === 1 ? { items: [defect(31, 'high', 'confirmed', [])], total: 1 } : { items: [], total: 0 },
        'GET /Defect/31/': () => defect(31, 'high', 'confirmed', ['repair', 'reject']),
        'GET /Media/1/': () => photo(1, 'DJI_0001_W.JPG'),
      },
      preloadedState: loggedInState,
    });
    const dialog = await screen.findByRole('dialog', { name: '缺陷 31 的照片' }, wait);
    expect(await within(dialog).findByRole('img', { name: 'DJI_0001_W.JPG' }, wait)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('严重缺陷 31')).toHaveAttribute('points', '25,10 50,10 50,40 25,40');
    expect(calls.filter((c) => c.path === '/Defect/31/')).toHaveLength(1);
  });

  it('#/Defect?id=… of a defect the user does not see (404) shows "not found", never its data', async () => {
    const { calls } = renderApp('/Defect?id=32', {
      routes: {
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': () => ({ items: [], total: 0 }),
        'GET /Defect/32/': httpError(404, 'No defect with id 32'),
        'GET /Media/1/': () => photo(1, 'DJI_0001_W.JPG'),
      },
      preloadedState: loggedInState,
    });
    const dialog = await screen.findByRole('dialog', { name: '缺陷 32 的照片' }, wait);
    expect(await within(dialog).findByText('缺陷 32 不存在，或不在你的数据范围内', {}, wait)).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/Media/1/')).toBe(false);
  });

  it('assigns a defect to a user found as the reviewer types, and shows who it is assigned to', async () => {
    let assignee: { id: number; name: string } | null = null;
    const current = () => ({
      ...defect(21, 'high', 'confirmed', ['repair', 'reject']),
      assignee_id: assignee?.id ?? null,
      assignee_name: assignee?.name ?? null,
    });
    const { calls } = renderApp('/Defect', {
      routes: {
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': () => ({ items: [current()], total: 1 }),
        'GET /User/': () => ({ items: [{ id: 7, username: 'wang', name: '王工', display_name: '王工' }], total: 1 }),
        'PUT /Defect/21/': (options?: RequestOptions) => {
          const body = options?.body as { assignee_id: number | null };
          assignee = body.assignee_id === 7 ? { id: 7, name: '王工' } : null;
          return current();
        },
      },
      preloadedState: loggedInState,
    });
    const table = await screen.findByRole('table', { name: '缺陷管理' }, wait);
    const row = within(table).getByTestId('defect-row');
    expect(within(row).getByText('未指派')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '指派缺陷 21' }));
    const dialog = await screen.findByRole('dialog', { name: '指派缺陷 21' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: '负责人' }), '王');
    // The typed text reaches the server's search (the list opened with the dialog may already offer the user).
    const userSearches = () => calls.filter((c) => c.path === '/User/').map((c) => c.options?.query);
    await waitFor(() => expect(userSearches()).toContainEqual(expect.objectContaining({ search: '王' })), wait);
    await userEvent.click(await screen.findByRole('option', { name: '王工' }, wait));
    await userEvent.click(within(dialog).getByRole('button', { name: '指派' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.options?.body).toEqual({ assignee_id: 7 });
    // Only users who may work a defect through its workflow are offered.
    expect(userSearches()).toEqual(userSearches().map(() => expect.objectContaining({ permission: 'task:write' })));
    expect(within(row).getByText('王工')).toBeInTheDocument();
  });

  it('is in the menu only for a user who may read tasks (GET /Defect/ needs task:read)', async () => {
    expect(visibleMenu(MENU_TREE, ['task:read']).map((i) => i.id)).toContain('defect');
    expect(visibleMenu(MENU_TREE, ['device:read', 'project:read']).map((i) => i.id)).not.toContain('defect');
    renderApp('/Defect', { preloadedState: { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: ['device:read'] } } } });
    expect(await screen.findByRole('alert', { name: '403' }, wait)).toHaveTextContent('无权访问');
  });
});
