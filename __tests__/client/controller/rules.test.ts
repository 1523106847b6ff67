import reducer, {
  initialControllerState,
  licenseFailed,
  licenseVerificationStarted,
  licenseVerified,
  nextBridgeStatus,
  routeLoaded,
  selectControllerConnected,
  taskSelected,
  tasksLoaded,
  tasksRequested,
  type BridgeStatus,
  type ControllerState,
  type LicenseEvent,
} from '../../../src/features/controller/controllerSlice';
import { normalizeDjiConfig, taskRouteId, workspaceIdFrom } from '../../../src/features/controller/djiConfig';
import { routeDurationSeconds, routeGeometry, routeLengthMetres } from '../../../src/features/controller/routeGeometry';
import { licenseMessageKey } from '../../../src/features/controller/ControllerLoginPage';

describe('nextBridgeStatus (licence state)', () => {
  it.each<[BridgeStatus, LicenseEvent, BridgeStatus]>([
    ['idle', 'verify', 'verifying'],
    ['failed', 'verify', 'verifying'],
    ['verified', 'verify', 'verified'],
    ['verifying', 'accepted', 'verified'],
    ['verifying', 'refused', 'failed'],
    ['verified', 'refused', 'verified'],
    ['idle', 'refused', 'idle'],
    ['verified', 'signedOut', 'verified'],
  ])('%s + %s → %s', (status, event, expected) => expect(nextBridgeStatus(status, event)).toBe(expected));
});

describe('controller slice', () => {
  const failure = { kind: 'refused' as const, method: 'platformVerifyLicense' as const, code: null, message: 'no' };

  it('licence verification: started → failed keeps the error; started again clears it', () => {
    let state = reducer(undefined, licenseVerificationStarted());
    state = reducer(state, licenseFailed(failure));
    expect(state).toMatchObject({ bridgeStatus: 'failed', bridgeError: failure });
    state = reducer(state, licenseVerificationStarted());
    expect(state).toMatchObject({ bridgeStatus: 'verifying', bridgeError: null });
    state = reducer(state, licenseVerified());
    expect(state.bridgeStatus).toBe('verified');
  });

  it('a log recorded before the extra fields (only the three of spec §3) still reduces', () => {
    const old = { aircraftSn: null, remoteControllerSn: null, sdkConfig: null } as ControllerState;
    expect(reducer(old, licenseVerificationStarted()).bridgeStatus).toBe('verifying');
  });

  it('tasks of another project arriving late are ignored; switching project clears the selection', () => {
    let state = reducer(undefined, tasksRequested(1));
    state = reducer(state, taskSelected({ taskId: 5, routeId: 9 }));
    state = reducer(state, tasksRequested(2));
    expect(state.selectedTaskId).toBeNull();
    state = reducer(state, tasksLoaded({ projectId: 1, items: [{ id: 1, name: 'old' }], total: 1 }));
    expect(state.tasks).toMatchObject({ projectId: 2, status: 'loading', items: [] });
  });

  it('a route answer for a task no longer selected is ignored', () => {
    let state = reducer(undefined, taskSelected({ taskId: 1, routeId: 10 }));
    state = reducer(state, taskSelected({ taskId: 2, routeId: 20 }));
    state = reducer(state, routeLoaded({ id: 10, name: 'old', waypoints: [] }));
    expect(state.route).toEqual({ id: 20, data: null, status: 'loading' });
    state = reducer(state, taskSelected({ taskId: 3, routeId: null }));
    expect(state.route?.status).toBe('idle');
  });

  it.each([
    ['SN1', true],
    [null, false],
    ['', false],
  ])('connected when aircraft serial is %p: %p', (aircraftSn, expected) => {
    expect(selectControllerConnected({ controller: { ...initialControllerState, aircraftSn } })).toBe(expected);
  });
});

describe('normalizeDjiConfig', () => {
  it('keeps the camelCase names of docs/api.md', () => {
    const raw = {
      appId: '1',
      appKey: 'k',
      appLicense: 'l',
      platformName: 'P',
      workspaceName: 'W',
      workspaceId: 'ws-1',
      mqttHost: 'ws://b/mqtt',
      mqttUsername: 'u',
      mqttPassword: 'p',
    };
    expect(normalizeDjiConfig(raw, 1)).toMatchObject(raw);
  });

  it('maps the spec platform-configuration names and fills the workspace id', () => {
    expect(
      normalizeDjiConfig({ app_id: 12345, app_key: 'k', license: 'l', platform_name: 'P', mqtt_host: 'ws://b', mqtt_user: 'u', mqtt_passwd: 'p' }, 7),
    ).toMatchObject({
      appId: '12345',
      appKey: 'k',
      appLicense: 'l',
      platformName: 'P',
      workspaceId: '7',
      mqttHost: 'ws://b',
      mqttUsername: 'u',
      mqttPassword: 'p',
    });
  });

  it('anything else gives empty strings', () => {
    expect(normalizeDjiConfig(null, 1)).toMatchObject({ appId: '', appKey: '', appLicense: '', mqttHost: '', workspaceId: '1' });
  });
});

describe('small rules', () => {
  it.each<[string, number | string]>([
    ['', 1],
    ['?workspace=3', '3'],
    ['?workspace=ws-a', 'ws-a'],
    ['?workspace=../x', 1],
    ['?workspace=', 1],
  ])('workspaceIdFrom(%p) = %p', (search, expected) => expect(workspaceIdFrom(search)).toBe(expected));

  it.each<[Record<string, unknown>, number | null]>([
    [{ route_id: 3 }, 3],
    [{ routeId: 4 }, 4],
    [{ route: 5 }, 5],
    [{ route: { id: 6 } }, 6],
    [{ route_id: '7' }, 7],
    [{ route_id: null }, null],
    [{}, null],
  ])('taskRouteId(%p) = %p', (task, expected) => expect(taskRouteId(task)).toBe(expected));

  it.each([
    ['idle', null, 'controller.license.idle'],
    ['verified', null, 'controller.license.verified'],
    ['failed', { kind: 'refused' as const, method: null, code: null, message: 'x' }, 'controller.license.refused'],
    ['failed', { kind: 'failed' as const, method: null, code: -1, message: 'down' }, 'controller.license.failed'],
  ])('licence message for %s', (status, error, key) => expect(licenseMessageKey(status, error).key).toBe(key));
});

describe('routeGeometry', () => {
  it('positions in order and the bounds around them; invalid points skipped', () => {
    const geometry = routeGeometry({
      waypoints: [
        { lat: 22.54, lng: 114.05 },
        { lat: Number.NaN, lng: 114 },
        { lat: 22.56, lng: 114.02 },
        { lat: 95, lng: 114 },
      ],
    });
    expect(geometry.positions).toEqual([
      [22.54, 114.05],
      [22.56, 114.02],
    ]);
    expect(geometry.bounds).toEqual([
      [22.54, 114.02],
      [22.56, 114.05],
    ]);
  });

  it.each([
    [{ duration_s: 420 }, 420],
    [{}, null],
  ])('routeDurationSeconds(%p) = %p', (route, expected) => expect(routeDurationSeconds(route)).toBe(expected));

  it('no waypoints → no bounds', () => expect(routeGeometry({ waypoints: [] })).toEqual({ positions: [], bounds: null }));

  it('length: the server value, else the great-circle sum', () => {
    expect(routeLengthMetres({ waypoints: [], length_m: 1234 })).toBe(1234);
    const metres = routeLengthMetres({
      waypoints: [
        { lat: 22.5, lng: 114 },
        { lat: 22.51, lng: 114 },
      ],
    });
    expect(metres).toBeGreaterThan(1100);
    expect(metres).toBeLessThan(1120);
  });
});
