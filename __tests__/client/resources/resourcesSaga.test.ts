import { ApiError } from '../../../src/api/client';
import { deleteRequested, listRequested, queryChanged, querySet, rowActionRequested, saveRequested } from '../../../src/features/resources/resourcesSlice';
import { DEFAULT_QUERY } from '../../../src/features/resources/types';
import { createTestStore, flush, httpError } from '../support/testStore';

const devices = [{ id: 1, sn: 'SN1', name: 'M30-01' }];

describe('resources saga', () => {
  it('a query change fetches the list with the API parameters', async () => {
    const { store, calls } = createTestStore({ 'GET /Device/': () => ({ items: devices, total: 41 }) });
    store.dispatch(querySet({ resource: 'device', query: DEFAULT_QUERY }));
    store.dispatch(queryChanged({ resource: 'device', patch: { search: 'M30', ordering: '-last_seen' } }));
    await flush();
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/Device/', options: { query: { page: 1, page_size: 20, search: 'M30', ordering: '-last_seen' } } });
    expect(store.getState().resources.device).toMatchObject({ items: devices, total: 41, status: 'ready' });
  });

  it('a failed list keeps the error and reports it', async () => {
    const { store } = createTestStore({ 'GET /Device/': httpError(500, 'db down') });
    store.dispatch(listRequested({ resource: 'device' }));
    await flush();
    expect(store.getState().resources.device).toMatchObject({ status: 'failed', error: 'db down' });
    expect(store.getState().notifications.queue[0]).toMatchObject({ messageKey: 'http.500' });
  });

  it('create sends multipart for devices, then reloads the list', async () => {
    const { store, calls } = createTestStore({ 'POST /Device/': () => ({ id: 2 }), 'GET /Device/': () => ({ items: devices, total: 1 }) });
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', { type: 'image/png' });
    store.dispatch(saveRequested({ resource: 'device', values: { sn: 'SN2', name: 'Dock', battery: 80, empty: '' }, file: { field: 'photo', file: photo } }));
    await flush();
    const body = calls[0].options?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('sn')).toBe('SN2');
    expect(body.get('battery')).toBe('80');
    expect(body.has('empty')).toBe(false);
    expect((body.get('photo') as File).name).toBe('p.png');
    expect(store.getState().resources.device).toMatchObject({ saving: false, savedCount: 1 });
    expect(calls.at(-1)?.method).toBe('GET');
  });

  it('server field errors are kept for the form', async () => {
    const errors = [{ field: 'sn', message: 'serial number already exists' }];
    const { store } = createTestStore({
      'POST /Project/': () => {
        throw new ApiError('http', 'Conflict', 409, { code: 409, msg: 'Conflict', errors });
      },
    });
    store.dispatch(saveRequested({ resource: 'project', values: { name: 'x' } }));
    await flush();
    expect(store.getState().resources.project).toMatchObject({ saving: false, savedCount: 0, saveError: 'Conflict', fieldErrors: errors });
  });

  it('update goes to PUT /path/{id}/', async () => {
    const { store, calls } = createTestStore({ 'PUT /Project/7/': () => ({ id: 7 }), 'GET /Project/': () => ({ items: [], total: 0 }) });
    store.dispatch(saveRequested({ resource: 'project', id: 7, values: { name: 'y' } }));
    await flush();
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/Project/7/', options: { body: { name: 'y' } } });
  });

  it.each([
    ['delete', deleteRequested({ resource: 'task', id: 3 }), 'DELETE /Task/3/'],
    ['workflow step', rowActionRequested({ resource: 'airspaceApplication', id: 3, action: 'approve', body: { note: 'ok' } }), 'POST /Airspace/Apply/3/approve/'],
  ])('%s marks the row busy, then reloads', async (_name, action, route) => {
    const { store, calls } = createTestStore({ [route]: () => null, 'GET /Task/': () => ({ items: [], total: 0 }), 'GET /Airspace/Apply/': () => ({ items: [], total: 0 }) });
    store.dispatch(action);
    const resource = action.payload.resource;
    expect(store.getState().resources[resource].busyIds).toEqual([3]);
    await flush();
    expect(`${calls[0].method} ${calls[0].path}`).toBe(route);
    expect(store.getState().resources[resource]).toMatchObject({ busyIds: [], savedCount: 1 });
  });
});
