import { loggedOut } from '../../../src/features/auth/authSlice';
import reducer, { allTabsClosed, initialTabsState, otherTabsClosed, pageOpened, tabClosed } from '../../../src/features/tabs/tabsSlice';

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
