import reducer, { initialMenuState, sidebarToggled, viewportResized } from '../../../src/features/menu/menuSlice';
import { collapsedAfterResize } from '../../../src/features/menu/sidebarRules';

describe('collapsedAfterResize (auto-collapse under 1500 px, spec §9)', () => {
  const cases: Array<[string, number | null, number, boolean, boolean]> = [
    ['first measurement, narrow → collapsed', null, 1280, false, true],
    ['first measurement, wide → open', null, 1920, true, false],
    ['exactly 1500 is wide', null, 1500, true, false],
    ['1499 is narrow', null, 1499, false, true],
    ['crossing into narrow collapses', 1600, 1400, false, true],
    ['crossing into wide opens', 1400, 1600, true, false],
    ['staying narrow keeps the user toggle (opened)', 1300, 1200, false, false],
    ['staying wide keeps the user toggle (collapsed)', 1700, 1800, true, true],
  ];
  it.each(cases)('%s', (_name, previous, width, collapsed, expected) => {
    expect(collapsedAfterResize(previous, width, collapsed)).toBe(expected);
  });
});

describe('menu reducer', () => {
  it('collapses on a narrow window, lets the user reopen, collapses again after a wide spell', () => {
    let state = reducer(initialMenuState, viewportResized(1200));
    expect(state.collapsed).toBe(true);
    state = reducer(state, sidebarToggled());
    expect(state.collapsed).toBe(false);
    state = reducer(state, viewportResized(1100));
    expect(state.collapsed).toBe(false);
    state = reducer(state, viewportResized(1920));
    state = reducer(state, viewportResized(1000));
    expect(state.collapsed).toBe(true);
  });
});
