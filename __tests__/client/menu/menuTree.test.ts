import { findMenuItem, firstMenuPath, firstPagePath, MENU_TREE, menuLeaves } from '../../../src/features/menu/menuTree';
import reducer, { initialMenuState, menuLoaded } from '../../../src/features/menu/menuSlice';

describe('fixed menu tree (spec §2)', () => {
  it('has every menu-driven route of the spec', () => {
    expect(menuLeaves(MENU_TREE).map((i) => i.path)).toEqual([
      '/Tas',
      '/Live',
      '/Alert',
      '/Device/UAV',
      '/AirSpace/Apply',
      '/AirSpace/Plan',
      '/AirSpace/Report',
      '/AirSpace/Conformance',
      '/Map/Index',
      '/Map/Point',
      '/Map/Polyline',
      '/Map/Polygon',
      '/Task/UAV',
      '/Task/Route',
      '/Media',
      '/Defect',
      '/app/user',
      '/app/dept',
      '/app/role',
      '/app/resource',
      '/sys/user',
      '/sys/notice',
    ]);
  });

  it.each([
    ['/AirSpace', '/AirSpace/Apply'],
    ['/Map', '/Map/Index'],
    ['/app', '/app/user'],
    ['/Tas', '/Tas'],
  ])('%s opens %s', (path, expected) => {
    expect(firstPagePath(findMenuItem(MENU_TREE, path)!)).toBe(expected);
  });

  it('children name their parent; ids are unique', () => {
    for (const group of MENU_TREE) for (const child of group.children ?? []) expect(child.parentId).toBe(group.id);
    const ids = menuLeaves(MENU_TREE).map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('root goes to the first menu route; an empty menu to 404', () => {
    expect(firstMenuPath(MENU_TREE)).toBe('/Tas');
    expect(firstMenuPath([])).toBe('/404');
  });

  it('routes load once', () => {
    const loaded = reducer(initialMenuState, menuLoaded(MENU_TREE));
    expect(reducer(loaded, menuLoaded([])).tree).toBe(loaded.tree);
  });
});
