import { allTabsClosed, otherTabsClosed, pageOpened, tabCloseRequested } from '../../../src/features/tabs/tabsSlice';
import { createTestStore, flush } from '../support/testStore';

function storeWithPages(...paths: string[]) {
  const ctx = createTestStore();
  for (const path of paths) ctx.store.dispatch(pageOpened({ name: path, title: path, path }));
  return ctx;
}

describe('tabs saga', () => {
  it('closing the page on screen moves to its neighbour', async () => {
    const { store, navigations } = storeWithPages('/a', '/b', '/c');
    store.dispatch(tabCloseRequested('/c'));
    await flush();
    expect(store.getState().tabs.tabs.map((t) => t.path)).toEqual(['/a', '/b']);
    expect(navigations).toEqual(['/b']);
  });

  it('closing a background tab stays on the page', async () => {
    const { store, navigations } = storeWithPages('/a', '/b', '/c');
    store.dispatch(tabCloseRequested('/a'));
    await flush();
    expect(store.getState().tabs.tabs.map((t) => t.path)).toEqual(['/b', '/c']);
    expect(navigations).toEqual([]);
  });

  it('close all returns to /', async () => {
    const { store, navigations } = storeWithPages('/a', '/b');
    store.dispatch(allTabsClosed());
    await flush();
    expect(store.getState().tabs.tabs).toEqual([]);
    expect(navigations).toEqual(['/']);
  });

  it('close others keeps the page on screen', async () => {
    const { store, navigations } = storeWithPages('/a', '/b');
    store.dispatch(otherTabsClosed('/b'));
    await flush();
    expect(store.getState().tabs.tabs.map((t) => t.path)).toEqual(['/b']);
    expect(navigations).toEqual([]);
  });
});
