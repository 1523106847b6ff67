import { loggedOut } from '../../../src/features/auth/authSlice';
import reducer, {
  allTabsClosed,
  initialTabsState,
  otherTabsClosed,
  pageOpened,
  tabClosed,
  tablessPageOpened,
  tabsRestored,
} from '../../../src/features/tabs/tabsSlice';

const page = (n: number) => pageOpened({ name: `p${n}`, title: `t${n}`, path: `/p${n}` });
const openPages = (...ns: number[]) => ns.reduce((state, n) => reducer(state, page(n)), initialTabsState);

describe('tabs reducer', () => {
  it('keeps at most 8 tabs, dropping the oldest', () => {
    const state = openPages(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    expect(state.tabs.map((t) => t.path)).toEqual(['/p3', '/p4', '/p5', '/p6', '/p7', '/p8', '/p9', '/p10']);
    expect(state.activePath).toBe('/p10');
  });

  it.each([
    ['close one', tabClosed('/p2'), ['/p1', '/p3']],
    ['close others', otherTabsClosed('/p2'), ['/p2']],
    ['close all', allTabsClosed(), []],
    ['logout clears tabs', loggedOut({ serverConfirmed: true }), []],
  ])('%s', (_name, action, expected) => {
    expect(reducer(openPages(1, 2, 3), action).tabs.map((t) => t.path)).toEqual(expected);
  });
});

describe('restoring saved tabs', () => {
  const saved = (...ns: number[]) => ({ tabs: openPages(...ns).tabs, activePath: `/p${ns[ns.length - 1]}` });

  it.each([
    ['into an empty strip: the saved tabs and their active one', initialTabsState, saved(1, 2), ['/p1', '/p2'], '/p2'],
    ['after the page on screen opened: saved first, that page stays open and active', openPages(3), saved(1, 2), ['/p1', '/p2', '/p3'], '/p3'],
    ['a page already among the saved keeps its place', openPages(1), saved(1, 2), ['/p1', '/p2'], '/p1'],
    [
      'never more than 8: the oldest saved ones go',
      openPages(9, 10),
      saved(1, 2, 3, 4, 5, 6, 7),
      ['/p2', '/p3', '/p4', '/p5', '/p6', '/p7', '/p9', '/p10'],
      '/p10',
    ],
  ])('%s', (_name, state, restored, paths, active) => {
    const next = reducer(state, tabsRestored(restored));
    expect(next.tabs.map((t) => t.path)).toEqual(paths);
    expect(next.activePath).toBe(active);
  });

  it('a page without a tab leaves none active, the tabs stay', () => {
    const next = reducer(openPages(1, 2), tablessPageOpened());
    expect(next.activePath).toBeNull();
    expect(next.tabs.map((t) => t.path)).toEqual(['/p1', '/p2']);
  });
});
