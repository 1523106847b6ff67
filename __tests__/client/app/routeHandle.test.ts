import { deepestHandle, type RouteHandle } from '../../../src/app/routeHandle';

const layout = { name: 'layout', title: '' } as RouteHandle;
const devices: RouteHandle = { name: 'uav', title: 'menu.uav', requireAuth: true, tab: true };
const login: RouteHandle = { name: 'login', title: 'route.login' };

describe('deepestHandle', () => {
  it.each([
    { name: 'no matched route', handles: [], expected: undefined },
    { name: 'a page inside a layout', handles: [layout, devices], expected: devices },
    { name: 'the innermost titled handle wins', handles: [login, devices], expected: devices },
    { name: 'an untitled innermost handle is skipped', handles: [devices, layout], expected: devices },
    { name: 'only untitled handles', handles: [layout], expected: undefined },
  ])('$name', ({ handles, expected }) => {
    expect(deepestHandle(handles)).toBe(expected);
  });
});
