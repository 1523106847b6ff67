import { openTab, pathAfterClosing, type Tab } from '../../../src/features/tabs/tabRules';

const tab = (n: number): Tab => ({ name: `p${n}`, title: `title.p${n}`, path: `/p${n}` });
const tabs = (...ns: number[]) => ns.map(tab);

describe('openTab', () => {
  const cases: Array<[string, Tab[], Tab, string[]]> = [
    ['first tab', [], tab(1), ['/p1']],
    ['appends a new page', tabs(1, 2), tab(3), ['/p1', '/p2', '/p3']],
    ['an open page keeps its place', tabs(1, 2, 3), tab(1), ['/p1', '/p2', '/p3']],
    ['fills up to the limit of 8 (spec §9)', tabs(1, 2, 3, 4, 5, 6, 7), tab(8), ['/p1', '/p2', '/p3', '/p4', '/p5', '/p6', '/p7', '/p8']],
    ['at the limit the oldest is dropped', tabs(1, 2, 3, 4, 5, 6, 7, 8), tab(9), ['/p2', '/p3', '/p4', '/p5', '/p6', '/p7', '/p8', '/p9']],
    ['at the limit an open page drops nothing', tabs(1, 2, 3, 4, 5, 6, 7, 8), tab(4), ['/p1', '/p2', '/p3', '/p4', '/p5', '/p6', '/p7', '/p8']],
  ];
  it.each(cases)('%s', (_name, before, opened, expected) => {
    expect(openTab(before, opened).map((t) => t.path)).toEqual(expected);
  });

  it('an open tab takes the latest title', () => {
    expect(openTab(tabs(1), { ...tab(1), title: 'renamed' })[0].title).toBe('renamed');
  });
});

describe('pathAfterClosing', () => {
  const cases: Array<[string, Tab[], string | null, string, string | null]> = [
    ['closing a background tab stays put', tabs(1, 2, 3), '/p1', '/p2', null],
    ['closing the active tab goes to its right neighbour', tabs(1, 2, 3), '/p2', '/p2', '/p3'],
    ['closing the active last tab goes to its left neighbour', tabs(1, 2, 3), '/p3', '/p3', '/p2'],
    ['closing the only tab goes home', tabs(1), '/p1', '/p1', '/'],
    ['no active page', tabs(1, 2), null, '/p1', null],
  ];
  it.each(cases)('%s', (_name, before, active, closed, expected) => {
    expect(pathAfterClosing(before, active, closed)).toBe(expected);
  });
});
