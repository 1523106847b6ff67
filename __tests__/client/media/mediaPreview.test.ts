import { mediaLoaded, previewOpened, selectPreview, selectMedia } from '../../../src/features/media/mediaSlice';
import { selectDefects } from '../../../src/features/defects/defectsSlice';
import { photo } from './mediaFixtures';
import { createTestStore, httpError, whenStore } from '../support/testStore';

const page = [photo(1, 'DJI_0001_W.JPG'), photo(2, 'DJI_0002_W.JPG')];

describe('media saga: the preview opens any file, on the page or not', () => {
  it('a file of the loaded page opens from it, without asking for it', async () => {
    const { store, calls } = createTestStore({ 'GET /Defect/': () => ({ items: [], total: 0 }) });
    store.dispatch(mediaLoaded({ items: page, total: 2 }));
    store.dispatch(previewOpened(2));
    expect(selectPreview(store.getState())).toMatchObject({ id: 2, name: 'DJI_0002_W.JPG' });
    await whenStore(store, () => selectDefects(store.getState()).photo.mediaId === 2);
    expect(calls.map((c) => c.path)).toEqual(['/Defect/']);
  });

  it('a file not on the page (a task defect’s photo, a map point) is read by its id and stays open when the page reloads', async () => {
    const { store, calls } = createTestStore({
      'GET /Media/90/': () => photo(90, 'DJI_0090_Z.JPG'),
      'GET /Defect/': () => ({ items: [], total: 0 }),
    });
    store.dispatch(mediaLoaded({ items: page, total: 2 }));
    store.dispatch(previewOpened(90));
    expect(selectPreview(store.getState())).toBeNull();
    await whenStore(store, () => selectPreview(store.getState()) !== null);
    expect(selectPreview(store.getState())).toMatchObject({ id: 90, name: 'DJI_0090_Z.JPG' });
    expect(calls.find((c) => c.path === '/Media/90/')).toBeDefined();
    store.dispatch(mediaLoaded({ items: page, total: 2 }));
    expect(selectPreview(store.getState())).toMatchObject({ id: 90 });
    // Opening it again does not ask again; opening a file of the page forgets it.
    store.dispatch(previewOpened(90));
    expect(calls.filter((c) => c.path === '/Media/90/')).toHaveLength(1);
    store.dispatch(previewOpened(1));
    expect(selectMedia(store.getState()).previewItem).toBeNull();
  });

  it('a file not on the page stays open when the page reloads before its own read has answered', async () => {
    let answer: (media: unknown) => void = () => undefined;
    const { store } = createTestStore({
      'GET /Media/92/': () => new Promise((resolve) => (answer = resolve)),
      'GET /Defect/': () => ({ items: [], total: 0 }),
    });
    store.dispatch(mediaLoaded({ items: page, total: 2 }));
    store.dispatch(previewOpened(92));
    // Another page arrives (the library opening, a filter) while the file is still being read by its id.
    store.dispatch(mediaLoaded({ items: [photo(3, 'DJI_0003_W.JPG')], total: 1 }));
    expect(selectMedia(store.getState()).previewId).toBe(92);
    answer(photo(92, 'DJI_0092_Z.JPG'));
    await whenStore(store, () => selectPreview(store.getState()) !== null);
    expect(selectPreview(store.getState())).toMatchObject({ id: 92, name: 'DJI_0092_Z.JPG' });
  });

  it('a file of the page closes when a page without it replaces that page', () => {
    const { store } = createTestStore({ 'GET /Defect/': () => ({ items: [], total: 0 }) });
    store.dispatch(mediaLoaded({ items: page, total: 2 }));
    store.dispatch(previewOpened(2));
    store.dispatch(mediaLoaded({ items: [photo(3, 'DJI_0003_W.JPG')], total: 1 }));
    expect(selectMedia(store.getState()).previewId).toBeNull();
  });

  it('a file the user does not see (404) leaves the preview closed', async () => {
    const { store } = createTestStore({ 'GET /Media/91/': httpError(404, 'No media with id 91'), 'GET /Defect/': () => ({ items: [], total: 0 }) });
    store.dispatch(previewOpened(91));
    await whenStore(store, () => selectMedia(store.getState()).previewId === null);
    expect(selectPreview(store.getState())).toBeNull();
  });
});
