import { ApiError } from '../../../src/api/client';
import { LOOKUP_DEBOUNCE_MS } from '../../../src/crud/resourcesSaga';
import { deleteRequested, exportRequested, listRequested, lookupSearched, rowActionRequested, saveRequested } from '../../../src/crud/resourcesSlice';
import { DEFAULT_QUERY } from '../../../src/crud/types';
import { createTestI18n } from '../support/i18n';
import notifications from '../../../src/features/notifications/notificationsSlice';
import { toastShown } from '../../../src/shared/toasts';
import type { UnknownAction } from '@reduxjs/toolkit';
import { createTestStore, flush, httpError } from '../support/testStore';

const devices = [{ id: 1, sn: 'SN1', name: 'M30-01' }];
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('resources saga', () => {
  it('a query change fetches the list with the API parameters', async () => {
    const { store, calls } = createTestStore({ 'GET /Device/': () => ({ items: devices, total: 41 }) });
    store.dispatch(listRequested({ resource: 'device', query: DEFAULT_QUERY }));
    store.dispatch(listRequested({ resource: 'device', query: { ...DEFAULT_QUERY, search: 'M30', ordering: '-last_seen' } }));
    await flush();
    expect(calls.at(-1)).toMatchObject({
      method: 'GET',
      path: '/Device/',
      options: { query: { page: 1, page_size: 20, search: 'M30', ordering: '-last_seen' } },
    });
    expect(store.getState().resources.device).toMatchObject({ items: devices, total: 41, status: 'ready' });
  });

  it('a failed list keeps the error and reports it', async () => {
    const { store } = createTestStore({ 'GET /Device/': httpError(500, 'db down') });
    store.dispatch(listRequested({ resource: 'device' }));
    await flush();
    expect(store.getState().resources.device).toMatchObject({ status: 'failed', error: { key: 'http.500' } });
    expect(store.getState().notifications.queue[0]).toMatchObject({ messageKey: 'http.500' });
  });

  it('create sends multipart for devices, then reloads the list', async () => {
    const { store, calls } = createTestStore({ 'POST /Device/': () => ({ id: 2 }), 'GET /Device/': () => ({ items: devices, total: 1 }) });
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', { type: 'image/png' });
    const { requestId } = store.dispatch(
      saveRequested({ resource: 'device', values: { sn: 'SN2', name: 'Dock', battery: 80, empty: '' }, file: { field: 'photo', file: photo } }),
    ).payload;
    await flush();
    const body = calls[0].options?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('sn')).toBe('SN2');
    expect(body.get('battery')).toBe('80');
    expect(body.has('empty')).toBe(false);
    expect((body.get('photo') as File).name).toBe('p.png');
    expect(store.getState().resources.device).toMatchObject({ saving: false, savedRequestId: requestId });
    expect(calls.at(-1)?.method).toBe('GET');
  });

  it('server field errors are kept for the form', async () => {
    const errors = [{ field: 'sn', message: 'serial number already exists' }];
    const { store } = createTestStore({
      'POST /Project/': () => {
        throw new ApiError('http', 'Conflict', 409, { code: 409, msg: 'Conflict', error_code: 'common.conflict', errors });
      },
    });
    store.dispatch(saveRequested({ resource: 'project', values: { name: 'x' } }));
    await flush();
    expect(store.getState().resources.project).toMatchObject({
      saving: false,
      savedRequestId: null,
      saveError: { key: 'apiError.common.conflict', params: {} },
      fieldErrors: errors,
    });
  });

  it('update goes to PUT /path/{id}/', async () => {
    const { store, calls } = createTestStore({ 'PUT /Project/7/': () => ({ id: 7 }), 'GET /Project/': () => ({ items: [], total: 0 }) });
    store.dispatch(saveRequested({ resource: 'project', id: 7, values: { name: 'y' } }));
    await flush();
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/Project/7/', options: { body: { name: 'y' } } });
  });

  it('an edit replaces the row in every view of the collection with the saved row the server answers, without reading the page again', async () => {
    const rows = [
      { id: 6, name: 'a' },
      { id: 7, name: 'y' },
    ];
    const { store, calls } = createTestStore({
      'GET /Project/': () => ({ items: rows, total: 2 }),
      'PUT /Project/7/': () => ({ id: 7, name: 'z', dept_name: '巡检一队' }),
    });
    store.dispatch(listRequested({ resource: 'project', query: DEFAULT_QUERY }));
    store.dispatch(listRequested({ resource: 'project@options', query: { ...DEFAULT_QUERY, pageSize: 100 } }));
    await flush();
    const reads = calls.length;
    store.dispatch(saveRequested({ resource: 'project', id: 7, values: { name: 'z' } }));
    await flush();
    expect(calls.slice(reads).map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /Project/7/']);
    for (const view of ['project', 'project@options'])
      expect(store.getState().resources[view].items).toEqual([
        { id: 6, name: 'a' },
        { id: 7, name: 'z', dept_name: '巡检一队' },
      ]);
  });

  it.each([
    ['delete', deleteRequested({ resource: 'task', id: 3 }), 'DELETE /Task/3/'],
    [
      'workflow step',
      rowActionRequested({ resource: 'airspaceApplication', id: 3, action: 'approve', body: { note: 'ok' } }),
      'POST /Airspace/Apply/3/approve/',
    ],
  ])('%s marks the row busy, then reloads', async (_name, action, route) => {
    const { store, calls } = createTestStore({
      [route]: () => null,
      'GET /Task/': () => ({ items: [], total: 0 }),
      'GET /Airspace/Apply/': () => ({ items: [], total: 0 }),
    });
    store.dispatch(action);
    const resource = action.payload.resource;
    expect(store.getState().resources[resource].busyIds).toEqual([3]);
    await flush();
    expect(`${calls[0].method} ${calls[0].path}`).toBe(route);
    expect(store.getState().resources[resource]).toMatchObject({ busyIds: [], savedRequestId: null });
    expect(calls.at(-1)?.method).toBe('GET');
  });
  it('an export fetches every page of the current query and saves all rows as one CSV', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => ({ id: i + 1, device_id: (i % 2) + 1 }));
    const { store, calls } = createTestStore({
      'GET /Airspace/Report/': (options) => {
        const { page, page_size: size } = options?.query as { page: number; page_size: number };
        return { items: rows.slice((page - 1) * size, page * size), total: rows.length };
      },
    });
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (saved.push(blob), 'blob:csv'));
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('reports.csv');
    });
    store.dispatch(
      listRequested({ resource: 'flightReport', query: { ...DEFAULT_QUERY, page: 2, filters: { takeoff_from: '2026-11-01', takeoff_to: '2026-11-20' } } }),
    );
    await flush();
    calls.length = 0;
    store.dispatch(
      exportRequested({
        resource: 'flightReport',
        fileName: 'reports.csv',
        columns: [
          { field: 'id', header: 'ID' },
          { field: 'device_id', header: 'Device' },
        ],
        labels: { device_id: { '1': 'M30' } },
      }),
    );
    expect(store.getState().resources.flightReport.exporting).toBe(true);
    await flush();
    expect(calls.map((c) => c.options?.query)).toEqual(
      [1, 2, 3].map((page) => ({ page, page_size: 100, takeoff_from: '2026-11-01', takeoff_to: '2026-11-20' })),
    );
    expect(click).toHaveBeenCalledTimes(1);
    const lines = (await readText(saved[0])).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(231);
    expect(lines.slice(0, 3)).toEqual(['ID,Device', '1,M30', '2,2']);
    expect(store.getState().resources.flightReport).toMatchObject({ exporting: false, resultQuery: { page: 2 } });
    click.mockRestore();
  });
});

describe('pick list searches', () => {
  afterEach(() => jest.useRealTimers());

  it('wait until typing pauses, per field: one request with the last search and the filters for each', async () => {
    jest.useFakeTimers();
    const { store, calls } = createTestStore({
      'GET /Device/': () => ({ items: devices, total: 1 }),
      'GET /User/': () => ({ items: [], total: 0 }),
    });
    const aircraft = { kind: 'aircraft' };
    for (const search of ['M', 'M3', 'M30']) store.dispatch(lookupSearched({ resource: 'device@lookup:device_id', search, filters: aircraft }));
    store.dispatch(lookupSearched({ resource: 'user@lookup:pilot_id', search: '王', filters: { permission: 'device:pilot' } }));
    // Searching from the first keystroke, asking nothing yet.
    expect(store.getState().resources['device@lookup:device_id'].status).toBe('loading');
    await jest.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.path, c.options?.query])).toEqual([
      ['/Device/', { page: 1, page_size: 20, search: 'M30', kind: 'aircraft' }],
      ['/User/', { page: 1, page_size: 20, search: '王', permission: 'device:pilot' }],
    ]);
    expect(store.getState().resources['device@lookup:device_id']).toMatchObject({ status: 'ready', items: devices });

    // More typing keeps the matches in sight; other filters do not offer the old filters' matches meanwhile.
    store.dispatch(lookupSearched({ resource: 'device@lookup:device_id', search: 'M30-', filters: aircraft }));
    expect(store.getState().resources['device@lookup:device_id']).toMatchObject({ status: 'loading', items: devices });
    store.dispatch(lookupSearched({ resource: 'device@lookup:device_id', search: 'M30-', filters: { kind: 'dock' } }));
    expect(store.getState().resources['device@lookup:device_id']).toMatchObject({ status: 'loading', items: [] });
  });
});

describe('a failed delete or workflow step tells the user why', () => {
  const zh = createTestI18n('zh-cn');
  const toasts = (store: ReturnType<typeof createTestStore>['store']) =>
    store.getState().notifications.queue.map((toast) => ({ severity: toast.severity, text: zh.t(toast.messageKey, toast.params) }));

  it.each([
    [
      'delete, 409',
      deleteRequested({ resource: 'device', id: 3 }),
      'DELETE /Device/3/',
      409,
      'This device is still referenced by other records',
      [{ severity: 'error', text: '删除失败：该设备仍被其他记录引用，请先删除或改派这些记录' }],
      { error_code: 'common.still_referenced', params: { entity: 'device' } },
    ],
    // Without a code: the status's own text, never the English msg.
    [
      'delete, 400',
      deleteRequested({ resource: 'device', id: 3 }),
      'DELETE /Device/3/',
      400,
      'bad id',
      [{ severity: 'error', text: '删除失败：请求有误' }],
      null,
    ],
    [
      'workflow step, 409',
      rowActionRequested({ resource: 'airspaceApplication', id: 3, action: 'approve' }),
      'POST /Airspace/Apply/3/approve/',
      409,
      'Cannot approve a airspace application that is draft',
      [{ severity: 'error', text: '操作失败：该空域申请当前状态不允许此操作' }],
      { error_code: 'workflow.illegal_transition', params: { entity: 'airspace_application', action: 'approve', status: 'draft' } },
    ],
    // The HTTP error catalogue's own toast says it all; nothing is added.
    [
      'delete, 403',
      deleteRequested({ resource: 'device', id: 3 }),
      'DELETE /Device/3/',
      403,
      'forbidden',
      [{ severity: 'warning', text: '您没有此操作的权限' }],
      null,
    ],
    [
      'delete, 404',
      deleteRequested({ resource: 'device', id: 3 }),
      'DELETE /Device/3/',
      404,
      'gone',
      [{ severity: 'warning', text: '请求的资源不存在' }],
      null,
    ],
    [
      'workflow step, 429',
      rowActionRequested({ resource: 'airspaceApplication', id: 3, action: 'submit' }),
      'POST /Airspace/Apply/3/submit/',
      429,
      'slow down',
      [{ severity: 'warning', text: '请求过于频繁，请稍后再试' }],
      null,
    ],
    [
      'workflow step, 500',
      rowActionRequested({ resource: 'airspaceApplication', id: 3, action: 'submit' }),
      'POST /Airspace/Apply/3/submit/',
      500,
      'db down',
      [{ severity: 'error', text: '服务器错误' }],
      null,
    ],
  ])('%s', async (_name, action, route, status, msg, expected, reason: { error_code: string; params?: Record<string, string> } | null) => {
    const { store, calls } = createTestStore({ [route]: httpError(status, msg, reason ?? undefined) });
    store.dispatch(action);
    await flush();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([route]);
    expect(toasts(store)).toEqual(expected);
    expect(store.getState().resources[action.payload.resource]).toMatchObject({ busyIds: [], savedRequestId: null });
  });

  it('a save from a form keeps the generic toast (its error shows in the form); a save with failureToast says what failed', async () => {
    const taken = { error_code: 'common.changed_meanwhile', params: { entity: 'notice' } };
    const { store } = createTestStore({ 'PUT /Notice/1/': httpError(409, 'The notice changed meanwhile', taken) });
    store.dispatch(saveRequested({ resource: 'notice', id: 1, values: {} }));
    await flush();
    expect(toasts(store)).toEqual([{ severity: 'warning', text: '该公告已被他人修改，请刷新后重试' }]);
    store.dispatch(saveRequested({ resource: 'notice', id: 1, values: {}, failureToast: 'notices.publishFailed' }));
    await flush();
    expect(toasts(store)).toEqual([{ severity: 'error', text: '发布失败：该公告已被他人修改，请刷新后重试' }]);
    expect(store.getState().resources.notice).toMatchObject({
      saving: false,
      saveError: { key: 'apiError.common.changed_meanwhile', params: { entity: 'notice' } },
    });
  });
});

describe('a toast that supersedes another', () => {
  const generic = { messageKey: 'http.other', params: { message: 'x' } };
  const specific = toastShown({ messageKey: 'resources.deleteFailed', params: { message: 'x' }, severity: 'error', supersedes: generic });
  const run = (...actions: UnknownAction[]) => actions.reduce(notifications, { queue: [] }).queue.map((t) => [t.messageKey, t.severity]);

  it.each([
    [
      'takes the place of the generic toast of the same failure',
      [toastShown({ ...generic, severity: 'warning' }), specific],
      [['resources.deleteFailed', 'error']],
    ],
    [
      "leaves another failure's toast alone",
      [toastShown({ messageKey: 'http.other', params: { message: 'y' }, severity: 'warning' }), specific],
      [
        ['http.other', 'warning'],
        ['resources.deleteFailed', 'error'],
      ],
    ],
    ['is queued when nothing precedes it', [specific], [['resources.deleteFailed', 'error']]],
  ])('%s', (_name, actions, expected) => {
    expect(run(...actions)).toEqual(expected);
  });
});
