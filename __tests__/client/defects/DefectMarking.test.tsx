import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Defect, DefectCategory } from '@shared/entities/defect';
import mediaReducer, { filtersChanged } from '../../../src/features/media/mediaSlice';
import { loggedInState, renderApp } from '../support/renderApp';
import { photo } from '../media/mediaFixtures';

jest.setTimeout(60_000);

const item = photo(1, 'DJI_0001_W.JPG', { thumb_url: null });
const categories: DefectCategory[] = [
  { id: 1, parent_id: null, code: 'power', name_zh: '输电线路', name_en: 'Power line' },
  { id: 2, parent_id: 1, code: 'insulator', name_zh: '绝缘子破损', name_en: 'Broken insulator' },
];
const defect = (id: number, status: Defect['status'], actions: Defect['actions']): Defect => ({
  id,
  media_id: 1,
  project_id: 1,
  task_id: 7,
  flight_record_id: null,
  category_id: 2,
  severity: 'high',
  status,
  region: {
    type: 'rect',
    points: [
      [0.25, 0.1],
      [0.5, 0.4],
    ],
  },
  note: '瓷瓶裂纹',
  lat: null,
  lng: null,
  assignee_id: null,
  assignee_name: null,
  created_by: 1,
  created_at: '2026-05-01T08:40:00Z',
  updated_at: '2026-05-01T08:40:00Z',
  actions,
});
const wait = { timeout: 8000 };

// jsdom has no PointerEvent: the pointer events the overlay reads carry a mouse event's coordinates.
beforeAll(() => {
  if (!('PointerEvent' in window)) Object.defineProperty(window, 'PointerEvent', { value: class extends MouseEvent {}, configurable: true });
});

describe('defect marking on /Media', () => {
  it('draws a rectangle on the photo, saves it with category, severity and note, lists it for the task and confirms it', async () => {
    const { calls } = renderApp('/Media', {
      routes: {
        'GET /Media/': () => ({ items: [item], total: 1, page: 1, page_size: 48 }),
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': () => ({ items: [], total: 0 }),
        'POST /Defect/': () => defect(11, 'new', ['confirm', 'reject']),
        'POST /Defect/11/confirm/': () => defect(11, 'confirmed', ['repair', 'reject']),
      },
      preloadedState: { ...loggedInState, media: mediaReducer(undefined, filtersChanged({ task_id: '7' })) },
    });
    // The task filter shows the task's defects (none yet).
    const taskSection = await screen.findByRole('region', { name: '任务 7 的缺陷' }, wait);
    expect(within(taskSection).getByText('暂无缺陷')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.path === '/Defect/')?.options?.query).toMatchObject({ task_id: 7 }));

    await userEvent.click(await screen.findByRole('button', { name: '预览 DJI_0001_W.JPG' }, wait));
    const dialog = await screen.findByRole('dialog', { name: 'DJI_0001_W.JPG' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/Defect/').at(-1)?.options?.query).toMatchObject({ media_id: 1 }));

    // D starts drawing; a drag over the photo (laid out 400×300 at the origin) outlines 0.1..0.5 × 0.2..0.6.
    fireEvent.keyDown(dialog, { key: 'd' });
    expect(await within(dialog).findByText('在照片上拖出矩形框')).toBeInTheDocument();
    const overlay = within(dialog).getByTestId('defect-overlay');
    overlay.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(overlay, { clientX: 40, clientY: 60, pointerId: 1 });
    fireEvent.pointerMove(overlay, { clientX: 200, clientY: 180, pointerId: 1 });
    fireEvent.pointerUp(overlay, { clientX: 200, clientY: 180, pointerId: 1 });

    const form = await within(dialog).findByRole('form', { name: '标记缺陷' });
    await userEvent.click(within(form).getByRole('combobox', { name: '缺陷类别' }));
    await userEvent.click(await screen.findByRole('option', { name: '绝缘子破损' }));
    fireEvent.keyDown(dialog, { key: '3' });
    await userEvent.type(within(form).getByRole('textbox', { name: '备注' }), '瓷瓶裂纹');
    await userEvent.click(within(form).getByRole('button', { name: '保存缺陷' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Defect/')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/Defect/')?.options?.body).toEqual({
      media_id: 1,
      region: {
        type: 'rect',
        points: [
          [0.1, 0.2],
          [0.5, 0.6],
        ],
      },
      category_id: 2,
      severity: 'high',
      note: '瓷瓶裂纹',
    });
    // Drawn on the photo, listed with the photo and with its task (behind the modal preview), and confirmed from the list.
    expect(await within(dialog).findByLabelText('严重缺陷 11')).toBeInTheDocument();
    const photoDefects = within(dialog).getByRole('table', { name: '缺陷' });
    expect(within(photoDefects).getByText('绝缘子破损')).toBeInTheDocument();
    expect(within(within(taskSection).getByRole('table', { hidden: true })).getByText('新建')).toBeInTheDocument();
    await userEvent.click(within(photoDefects).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(within(photoDefects).getByText('已确认')).toBeInTheDocument());
    expect(within(within(taskSection).getByRole('table', { hidden: true })).getByText('已确认')).toBeInTheDocument();
    expect(within(photoDefects).getByRole('button', { name: '开始维修' })).toBeInTheDocument();
  });

  it('draws a polygon by clicking its vertices (Backspace takes one back, Enter refuses too few, a double-click closes) and saves it', async () => {
    const { calls } = renderApp('/Media', {
      routes: {
        'GET /Media/': () => ({ items: [item], total: 1, page: 1, page_size: 48 }),
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': () => ({ items: [], total: 0 }),
        'POST /Defect/': (options) => ({ ...defect(13, 'new', ['confirm', 'reject']), ...(options?.body as Pick<Defect, 'region' | 'severity'>) }),
      },
      preloadedState: loggedInState,
    });
    await userEvent.click(await screen.findByRole('button', { name: '预览 DJI_0001_W.JPG' }, wait));
    const dialog = await screen.findByRole('dialog', { name: 'DJI_0001_W.JPG' });
    expect(within(dialog).getByText(/P 多边形（Backspace 删除顶点，Enter 闭合）/)).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'p' });
    expect(await within(dialog).findByText(/单击照片添加顶点/)).toBeInTheDocument();
    const overlay = within(dialog).getByTestId('defect-overlay');
    overlay.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    const click = (x: number, y: number) => fireEvent.click(overlay, { clientX: x, clientY: y });
    click(40, 30);
    click(200, 30);
    click(380, 290);
    expect(within(dialog).getAllByTestId('polygon-vertex')).toHaveLength(3);
    fireEvent.keyDown(dialog, { key: 'Backspace' });
    fireEvent.keyDown(dialog, { key: 'Backspace' });
    expect(within(dialog).getAllByTestId('polygon-vertex')).toHaveLength(1);
    click(200, 30);
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(await within(dialog).findByText('多边形至少需要 3 个顶点')).toBeInTheDocument();
    click(200, 150);
    // A double-click: two clicks on one spot (one vertex), then the double-click closes the polygon.
    click(40, 150);
    click(40, 150);
    fireEvent.doubleClick(overlay, { clientX: 40, clientY: 150 });

    const form = await within(dialog).findByRole('form', { name: '标记缺陷' });
    expect(within(dialog).queryByTestId('polygon-vertex')).toBeNull();
    fireEvent.keyDown(dialog, { key: '2' });
    await userEvent.click(within(form).getByRole('button', { name: '保存缺陷' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/Defect/')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/Defect/')?.options?.body).toMatchObject({
      media_id: 1,
      severity: 'medium',
      region: {
        type: 'polygon',
        points: [
          [0.1, 0.1],
          [0.5, 0.1],
          [0.5, 0.5],
          [0.1, 0.5],
        ],
      },
    });
    expect(await within(dialog).findByLabelText('一般缺陷 13')).toBeInTheDocument();
  });

  it('refuses a polygon whose edges cross, and Esc cancels the drawing', async () => {
    renderApp('/Media', {
      routes: {
        'GET /Media/': () => ({ items: [item], total: 1, page: 1, page_size: 48 }),
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': () => ({ items: [], total: 0 }),
      },
      preloadedState: loggedInState,
    });
    await userEvent.click(await screen.findByRole('button', { name: '预览 DJI_0001_W.JPG' }, wait));
    const dialog = await screen.findByRole('dialog', { name: 'DJI_0001_W.JPG' });
    await userEvent.click(within(dialog).getByRole('button', { name: '多边形标记' }));
    const overlay = within(dialog).getByTestId('defect-overlay');
    overlay.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    for (const [x, y] of [
      [40, 30],
      [200, 150],
      [200, 30],
      [40, 150],
    ])
      fireEvent.click(overlay, { clientX: x, clientY: y });
    // Back on the first vertex: closing the bow tie is refused, its vertices kept to fix.
    fireEvent.click(overlay, { clientX: 42, clientY: 31 });
    expect(await within(dialog).findByText('多边形的边不能相交，请调整顶点')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('polygon-vertex')).toHaveLength(4);
    expect(within(dialog).queryByRole('form', { name: '标记缺陷' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(within(dialog).queryByTestId('polygon-vertex')).toBeNull());
    expect(within(dialog).queryByText(/单击照片添加顶点/)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'DJI_0001_W.JPG' })).toBeInTheDocument();
  });

  it('opens a task defect’s photo with its region outlined though the photo is not on the library’s page', async () => {
    const elsewhere = { ...defect(12, 'new', ['confirm', 'reject']), media_id: 60 };
    const { calls } = renderApp('/Media', {
      routes: {
        'GET /Media/': () => ({ items: [item], total: 49, page: 1, page_size: 48 }),
        'GET /Media/60/': () => photo(60, 'DJI_0060_Z.JPG'),
        'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
        'GET /Defect/': (options) => ({ items: options?.query?.media_id === 1 ? [] : [elsewhere], total: 1 }),
      },
      preloadedState: { ...loggedInState, media: mediaReducer(undefined, filtersChanged({ task_id: '7' })) },
    });
    const section = await screen.findByRole('region', { name: '任务 7 的缺陷' }, wait);
    await userEvent.click(await within(section).findByRole('button', { name: '照片 12' }, wait));
    const dialog = await screen.findByRole('dialog', { name: 'DJI_0060_Z.JPG' }, wait);
    expect(await within(dialog).findByLabelText('严重缺陷 12')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/Defect/').at(-1)?.options?.query).toMatchObject({ media_id: 60 });
  });

  it('downloads the filtered task’s inspection report in the console’s language', async () => {
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });
    try {
      const { calls } = renderApp('/Media', {
        routes: {
          'GET /Media/': () => ({ items: [item], total: 1, page: 1, page_size: 48 }),
          'GET /DefectCategory/': () => ({ items: categories, total: 2 }),
          'GET /Defect/': () => ({ items: [defect(11, 'confirmed', ['repair', 'reject'])], total: 1 }),
          'GET /Task/7/report/': () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
        },
        preloadedState: { ...loggedInState, media: mediaReducer(undefined, filtersChanged({ task_id: '7' })) },
      });
      const section = await screen.findByRole('region', { name: '任务 7 的缺陷' }, wait);
      await userEvent.click(within(section).getByRole('button', { name: '下载巡检报告 (PDF)' }));
      await waitFor(() => expect(saved).toEqual(['report-task-7.pdf']));
      expect(calls.find((c) => c.path === '/Task/7/report/')?.options).toMatchObject({ query: { format: 'pdf', lang: 'zh-cn' }, blob: true });
    } finally {
      click.mockRestore();
    }
  });
});
