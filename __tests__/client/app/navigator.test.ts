import { createAppNavigator } from '../../../src/app/navigator';

describe('createAppNavigator', () => {
  it.each([
    { name: 'navigates through the bound router', before: [], after: ['/Tas'], expected: ['/Tas'] },
    { name: 'carries out the last navigation asked for before binding', before: ['/a', '/login'], after: [], expected: ['/login'] },
    { name: 'keeps order across binding', before: ['/login'], after: ['/Tas'], expected: ['/login', '/Tas'] },
  ])('$name', ({ before, after, expected }) => {
    const navigator = createAppNavigator();
    const seen: string[] = [];
    before.forEach((path) => navigator.navigate(path));
    navigator.bind((path) => seen.push(path));
    after.forEach((path) => navigator.navigate(path));
    expect(seen).toEqual(expected);
  });

  it('after unbinding, navigation waits for the next router', () => {
    const navigator = createAppNavigator();
    const first: string[] = [];
    const second: string[] = [];
    const unbind = navigator.bind((path) => first.push(path));
    unbind();
    navigator.navigate('/404');
    navigator.bind((path) => second.push(path));
    expect(first).toEqual([]);
    expect(second).toEqual(['/404']);
  });

  it('an old binding released late does not unbind the new one', () => {
    const navigator = createAppNavigator();
    const seen: string[] = [];
    const unbindOld = navigator.bind(() => undefined);
    navigator.bind((path) => seen.push(path));
    unbindOld();
    navigator.navigate('/Tas');
    expect(seen).toEqual(['/Tas']);
  });
});
