import { ApiError } from '../../../src/api/client';
import { createTestI18n } from '../support/i18n';
import { importProblemText } from '../../../src/features/map/geojsonImport';
import { featuresRequested, importRequested, overlaysRequested } from '../../../src/features/map/mapSlice';
import { deleteRequested } from '../../../src/crud/resourcesSlice';
import type { FeatureInput } from '../../../src/features/map/types';
import { createTestStore, whenStore } from '../support/testStore';

const point = (i: number) => ({
  id: i,
  name: `P${i}`,
  category: 'c',
  project_id: null,
  geometry: { type: 'Point', coordinates: [114, 22] },
  style: {},
  properties: {},
});
const square = {
  type: 'Polygon',
  coordinates: [
    [
      [114, 22],
      [114.1, 22],
      [114.1, 22.1],
      [114, 22.1],
      [114, 22],
    ],
  ],
};

describe('map saga', () => {
  it('reads every feature page by page (page_size 100)', async () => {
    const all = Array.from({ length: 230 }, (_, i) => point(i + 1));
    const { store, calls } = createTestStore({
      'GET /Feature/': (o) => {
        const q = o!.query as { page: number; page_size: number };
        return { items: all.slice((q.page - 1) * q.page_size, q.page * q.page_size), total: all.length };
      },
    });
    store.dispatch(featuresRequested());
    await whenStore(store, () => store.getState().map.featuresStatus === 'ready');
    expect(calls.map((c) => (c.options!.query as { page: number }).page)).toEqual([1, 2, 3]);
    expect(store.getState().map.features).toHaveLength(230);
    expect(store.getState().map.featuresStatus).toBe('ready');
  });

  it('overlays: project areas and approved airspace (no per-device lookups)', async () => {
    const window = { start_at: '2026-01-01T00:00:00Z', end_at: '2026-12-31T00:00:00Z', min_alt: 0, max_alt: 120 };
    const { store, calls } = createTestStore({
      'GET /Project/': () => ({
        items: [
          { id: 1, name: 'North', area: square },
          { id: 2, name: 'No area', area: null },
        ],
        total: 2,
      }),
      'GET /Airspace/Apply/': () => ({
        items: [
          { id: 7, purpose: 'Survey', area: square, device_id: 3, ...window },
          { id: 8, purpose: 'Again', area: square, device_id: 3, ...window },
          { id: 9, purpose: 'Gone', area: square, device_id: 4, ...window },
        ],
        total: 3,
      }),
    });
    store.dispatch(overlaysRequested());
    await whenStore(store, () => store.getState().map.overlays.status === 'ready');
    expect(calls.find((c) => c.path === '/Airspace/Apply/')!.options!.query).toMatchObject({ status: 'approved' });
    expect(calls.filter((c) => c.path.startsWith('/Device/'))).toEqual([]);
    expect(store.getState().map.overlays).toEqual({
      status: 'ready',
      projects: [{ id: 1, name: 'North', area: square }],
      airspace: [
        { id: 7, name: 'Survey', area: square },
        { id: 8, name: 'Again', area: square },
        { id: 9, name: 'Gone', area: square },
      ],
    });
  });

  const f = (name: string): FeatureInput => ({ name, category: 'c', geometry: { type: 'Point', coordinates: [1, 1] }, style: {}, properties: {} });
  const importText = (store: ReturnType<typeof createTestStore>['store'], language: 'zh-cn' | 'en') =>
    store.getState().map.import.errors.map((e) => importProblemText(e, createTestI18n(language).t));

  it('an import is one request; when the server refuses a feature nothing is saved and the refusal names it', async () => {
    const { store, calls } = createTestStore({
      'POST /Feature/import/': () => {
        throw new ApiError('http', 'Bad Request', 400, { code: 400, msg: 'Bad Request', errors: [{ field: 'features.2.name', message: 'name taken' }] });
      },
      'GET /Feature/': () => ({ items: [], total: 0 }),
    });
    store.dispatch(importRequested({ fileName: 'x.geojson', features: [f('a'), f('b'), f('bad'), f('d')] }));
    await whenStore(store, () => store.getState().map.import.status === 'failed');
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['POST /Feature/import/']);
    expect(calls[0].options?.body).toEqual({ features: [f('a'), f('b'), f('bad'), f('d')] });
    expect(store.getState().map.import).toMatchObject({ status: 'failed' });
    expect(importText(store, 'en')).toEqual(['features[2].name: feature 3 was refused: name taken']);
    expect(importText(store, 'zh-cn')).toEqual(['features[2].name: 第 3 个要素被服务器拒绝：name taken']);
  });

  it('a refusal without field errors says that nothing was saved', async () => {
    const { store } = createTestStore({
      'POST /Feature/import/': () => {
        throw new ApiError('http', 'Payload Too Large', 413, { code: 413, msg: 'Payload Too Large', data: null });
      },
      'GET /Feature/': () => ({ items: [], total: 0 }),
    });
    store.dispatch(importRequested({ fileName: 'x.geojson', features: [f('a')] }));
    await whenStore(store, () => store.getState().map.import.status === 'failed');
    expect(importText(store, 'en')).toEqual(['the server refused the import, nothing was saved: Payload Too Large']);
  });

  it('a whole import succeeds and the list reloads', async () => {
    const { store, calls } = createTestStore({
      'POST /Feature/import/': () => ({ items: [{ id: 1 }, { id: 2 }] }),
      'GET /Feature/': () => ({ items: [point(1)], total: 1 }),
    });
    store.dispatch(importRequested({ fileName: 'x', features: [f('a'), f('b')] }));
    await whenStore(store, () => store.getState().map.import.status === 'done' && calls.some((c) => c.method === 'GET' && c.path === '/Feature/'));
    expect(store.getState().map.import).toMatchObject({ status: 'done', count: 2 });
    expect(calls.some((c) => c.method === 'GET' && c.path === '/Feature/')).toBe(true);
  });

  it('a deleted feature leaves the list and the features are reloaded', async () => {
    const { store, calls } = createTestStore({ 'DELETE /Feature/1/': () => null, 'GET /Feature/': () => ({ items: [], total: 0 }) });
    store.dispatch(deleteRequested({ resource: 'feature', id: 1 }));
    await whenStore(store, () => calls.some((c) => c.method === 'GET' && c.path === '/Feature/'));
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/Feature/').length).toBeGreaterThanOrEqual(1);
  });
});
