import type { Defect } from '@shared/entities/defect';
import { defectListLoaded, defectOpened, selectDefects } from '../../../src/features/defects/defectsSlice';
import { photo } from '../media/mediaFixtures';
import { createTestStore, httpError, whenStore } from '../support/testStore';

const defect = (id: number, mediaId: number): Defect => ({
  id,
  media_id: mediaId,
  project_id: 1,
  task_id: null,
  flight_record_id: null,
  category_id: null,
  severity: 'high',
  status: 'confirmed',
  region: {
    type: 'rect',
    points: [
      [0.1, 0.1],
      [0.2, 0.2],
    ],
  },
  note: 'secret note',
  lat: null,
  lng: null,
  assignee_id: null,
  assignee_name: null,
  created_by: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  actions: [],
});

describe('defects saga: opening a defect (the list or a #/Defect?id= link)', () => {
  it('a defect of the list opens from it, without asking for it again', async () => {
    const { store, calls } = createTestStore({
      'GET /Media/3/': () => photo(3, 'DJI_0003.JPG'),
      'GET /Defect/': () => ({ items: [defect(40, 3)], total: 1 }),
    });
    store.dispatch(defectListLoaded({ items: [defect(40, 3)], total: 1 }));
    store.dispatch(defectOpened(40));
    await whenStore(store, () => selectDefects(store.getState()).viewer?.media !== null);
    expect(selectDefects(store.getState()).viewer).toMatchObject({ defectId: 40, missing: false, media: { id: 3 } });
    expect(selectDefects(store.getState()).photo).toMatchObject({ mediaId: 3, items: [{ id: 40 }] });
    expect(calls.map((c) => c.path)).toEqual(['/Media/3/', '/Defect/']);
  });

  it('a linked defect not on the list is asked for by its id, then its photo', async () => {
    const { store, calls } = createTestStore({
      'GET /Defect/41/': () => defect(41, 4),
      'GET /Media/4/': () => photo(4, 'DJI_0004.JPG'),
      'GET /Defect/': () => ({ items: [defect(41, 4)], total: 1 }),
    });
    store.dispatch(defectOpened(41));
    await whenStore(store, () => selectDefects(store.getState()).viewer?.media !== null);
    expect(calls.map((c) => c.path)).toEqual(['/Defect/41/', '/Media/4/', '/Defect/']);
  });

  it('a linked defect the server does not show the user (404) is "not found": no photo, no defects', async () => {
    const { store, calls } = createTestStore({ 'GET /Defect/42/': httpError(404, 'No defect with id 42') });
    store.dispatch(defectOpened(42));
    await whenStore(store, () => selectDefects(store.getState()).viewer?.missing === true);
    expect(selectDefects(store.getState()).viewer).toEqual({ defectId: 42, media: null, missing: true });
    expect(selectDefects(store.getState()).photo).toEqual({ mediaId: null, items: [] });
    expect(calls.map((c) => c.path)).toEqual(['/Defect/42/']);
  });

  it('another failure closes the viewer (the toast says why)', async () => {
    const { store } = createTestStore({ 'GET /Defect/43/': httpError(500, 'db down') });
    store.dispatch(defectOpened(43));
    await whenStore(store, () => selectDefects(store.getState()).viewer === null);
    expect(store.getState().notifications.queue[0]).toMatchObject({ messageKey: 'http.500' });
  });
});
