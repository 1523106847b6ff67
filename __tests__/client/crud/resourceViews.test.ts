import { detailRequested, listRequested, rowActionRequested } from '../../../src/crud/resourcesSlice';
import { resourceConfig } from '../../../src/crud/registry';
import { baseResource } from '../../../src/crud/types';
import { DEFAULT_QUERY } from '../../../src/crud/types';
import { createTestStore, flush, httpError } from '../support/testStore';

describe('resource views and documents', () => {
  it('a view ("name@view") uses the collection path with a list state of its own', async () => {
    expect(baseResource('project@options')).toBe('project');
    expect(resourceConfig('notice@inbox').path).toBe('/Notice/');
    const { store, calls } = createTestStore({
      'GET /Project/': (o) => ({ items: [{ id: Number((o?.query as { page_size: number }).page_size) }], total: 1 }),
    });
    store.dispatch(listRequested({ resource: 'project', query: DEFAULT_QUERY }));
    store.dispatch(listRequested({ resource: 'project@options', query: { ...DEFAULT_QUERY, pageSize: 100 } }));
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['/Project/', '/Project/']);
    expect(store.getState().resources.project.items).toEqual([{ id: 20 }]);
    expect(store.getState().resources['project@options'].items).toEqual([{ id: 100 }]);
  });

  it('detailRequested with an id loads one record; without an id the path as a document with params', async () => {
    const { store, calls } = createTestStore({ 'GET /Route/9/': () => ({ id: 9, name: 'A' }), 'GET /chartinfo/': () => ({ flightsPerDay: [] }) });
    store.dispatch(detailRequested({ resource: 'route@detail', id: 9 }));
    store.dispatch(detailRequested({ resource: 'chartinfo', params: { from: '2026-11-01', to: '2026-11-30' } }));
    expect(store.getState().resources.chartinfo.detailStatus).toBe('loading');
    await flush();
    expect(store.getState().resources['route@detail']).toMatchObject({ detail: { id: 9, name: 'A' }, detailStatus: 'ready' });
    expect(store.getState().resources.chartinfo).toMatchObject({ detail: { flightsPerDay: [] }, detailStatus: 'ready' });
    expect(calls[1].options?.query).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('a failed detail is marked failed (and reported by callApi)', async () => {
    const { store } = createTestStore({ 'GET /Route/9/': httpError(404, 'gone') });
    store.dispatch(detailRequested({ resource: 'route@detail', id: 9 }));
    await flush();
    expect(store.getState().resources['route@detail'].detailStatus).toBe('failed');
    expect(store.getState().notifications.queue[0]).toMatchObject({ messageKey: 'http.404' });
  });

  it('a read mark on the inbox view posts to the notice and reloads the view', async () => {
    const { store, calls } = createTestStore({ 'POST /Notice/4/read/': () => null, 'GET /Notice/': () => ({ items: [], total: 0 }) });
    store.dispatch(rowActionRequested({ resource: 'notice@inbox', id: 4, action: 'read' }));
    await flush();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /Notice/4/read/', 'GET /Notice/']);
  });
});
