import type { DjiDomain } from '@shared/dji/devices';
import { declareRefusal, gatewayClaimRefusal, type ClaimRefusal, type ClaimRow, type Speaker } from '../../../server/devices/topology/claims';
import type { DataScopeRule } from '../../../server/rbac/dataScope';
import { canPublish, canSubscribe, drcMayPublish, drcMaySubscribe, type DrcIdentity } from '../../../server/mqtt/acl';
import { createAuthenticator } from '../../../server/mqtt/authenticate';
import { areaCentre } from '../../../server/mqtt/weather';
import type { TrustProxy } from '../../../server/http/trustProxy';
import { clientAddress } from '../../../server/mqtt/embedded';
import { hashSecret } from '../../../server/mqtt/gateway/credentials';
import { checkGatewayPublish, gatewaySubscribeSerial } from '../../../server/mqtt/gateway/link';
import { LoginThrottle } from '../../../server/mqtt/loginThrottle';
import { matches } from '../../../server/mqtt/match';
import { packetSizeGuard } from '../../../server/mqtt/packetGuard';
import { CALM_OBSERVATION, DEFAULT_AREA, flyableVerdict, SimulatedWeatherProvider, weatherProviderFor } from '../../../server/mqtt/weather';

const web = { kind: 'web', username: 'admin', userId: 1, sessionId: 's' } as const;
const service = { kind: 'service', username: 'ops' } as const;

describe('ACL', () => {
  it.each<[typeof web | typeof service, string, boolean, boolean]>([
    [web, 'sysinfo/online', false, false],
    [web, 'sysinfo/weather/extra', false, false],
    [web, 'thing/product/SN1/osd', false, false],
    [web, 'sys/product/SN1/status', false, false],
    [web, '$SYS/x', false, false],
    [web, 'web/admin/chat', false, true],
    [web, 'web/admin/chat', true, false],
    [service, 'sysinfo/online', true, true],
  ])('publish %o → %s (retain %s): %s', (identity, topic, retain, allowed) => expect(canPublish(identity, topic, retain)).toBe(allowed));

  it.each([
    [web, 'sysinfo/#', true],
    [web, 'sysinfo/online', true],
    [web, 'thing/product/+/osd', true],
    [web, 'thing/product/SN1/osd', true],
    [web, 'thing/product/#', false],
    [web, 'thing/product/SN1/services', false],
    [web, '#', false],
    [web, '+/online', false],
  ])('subscribe %o → %s: %s', (identity, filter, allowed) => expect(canSubscribe(identity, filter)).toBe(allowed));

  const drc = (side: DrcIdentity['side']): DrcIdentity => ({ kind: 'drc', side, username: `drc-${side}`, gatewaySn: 'DOCK1', expiresAt: 1000, sessionId: 's' });
  it.each<[DrcIdentity['side'], 'publish' | 'subscribe', string, number, boolean]>([
    ['browser', 'publish', 'thing/product/DOCK1/drc/down', 0, true],
    ['browser', 'publish', 'thing/product/DOCK1/drc/down', 1000, false],
    ['browser', 'publish', 'thing/product/DOCK1/drc/up', 0, false],
    ['browser', 'publish', 'thing/product/DOCK2/drc/down', 0, false],
    ['browser', 'publish', 'thing/product/DOCK1/services', 0, false],
    ['browser', 'publish', 'thing/product/+/drc/down', 0, false],
    ['browser', 'subscribe', 'thing/product/DOCK1/drc/up', 0, true],
    ['browser', 'subscribe', 'thing/product/DOCK1/drc/up', 1000, false],
    ['browser', 'subscribe', 'thing/product/DOCK2/drc/up', 0, false],
    ['browser', 'subscribe', 'thing/product/+/drc/up', 0, false],
    ['browser', 'subscribe', 'thing/product/DOCK1/#', 0, false],
    ['browser', 'subscribe', 'thing/product/DOCK1/drc/down', 0, false],
    ['device', 'publish', 'thing/product/DOCK1/drc/up', 0, true],
    ['device', 'publish', 'thing/product/DOCK1/drc/down', 0, false],
    ['device', 'publish', 'thing/product/DOCK1/osd', 0, false],
    ['device', 'subscribe', 'thing/product/DOCK1/drc/down', 0, true],
    ['device', 'subscribe', 'thing/product/DOCK1/drc/up', 0, false],
  ])('DRC %s: %s %s at %d ms → %s', (side, what, topic, now, allowed) =>
    expect(what === 'publish' ? drcMayPublish(drc(side), topic, false, now) : drcMaySubscribe(drc(side), topic, now)).toBe(allowed),
  );

  it('DRC connections never retain', () => expect(drcMayPublish(drc('browser'), 'thing/product/DOCK1/drc/down', true, 0)).toBe(false));
});

describe('gateway links', () => {
  const pilot = (gatewaySn?: string) => ({ gatewaySn, declared: new Set(['AC1']) });
  it.each<[string, ReturnType<typeof pilot>, string, boolean, ReturnType<typeof checkGatewayPublish>]>([
    ['first update_topo claims the serial', pilot(), 'sys/product/RC1/status', false, expect.objectContaining({ ok: true, claims: 'RC1' })],
    ['nothing else before a claim', pilot(), 'thing/product/RC1/osd', false, { ok: false, reason: 'undeclared_serial' }],
    ['own OSD', pilot('RC1'), 'thing/product/RC1/osd', false, expect.objectContaining({ ok: true })],
    ['declared aircraft OSD', pilot('RC1'), 'thing/product/AC1/osd', false, expect.objectContaining({ ok: true })],
    ['declared aircraft state', pilot('RC1'), 'thing/product/AC1/state', false, expect.objectContaining({ ok: true })],
    ['undeclared serial', pilot('RC1'), 'thing/product/AC2/osd', false, { ok: false, reason: 'undeclared_serial' }],
    ['events only for the gateway', pilot('RC1'), 'thing/product/AC1/events', false, { ok: false, reason: 'undeclared_serial' }],
    ['another gateway status', pilot('RC1'), 'sys/product/RC2/status', false, { ok: false, reason: 'undeclared_serial' }],
    ['services are the platform’s', pilot('RC1'), 'thing/product/RC1/services', false, { ok: false, reason: 'topic_not_allowed' }],
    ['services_reply', pilot('RC1'), 'thing/product/RC1/services_reply', false, expect.objectContaining({ ok: true })],
    ['sysinfo', pilot('RC1'), 'sysinfo/online', false, { ok: false, reason: 'topic_not_allowed' }],
    ['retained', pilot('RC1'), 'thing/product/RC1/osd', true, { ok: false, reason: 'retained' }],
  ])('%s', (_name, link, topic, retain, verdict) => expect(checkGatewayPublish(link, topic, retain)).toEqual(verdict));

  it.each<[string | undefined, string, string | null]>([
    [undefined, 'sys/product/RC1/status_reply', 'RC1'],
    ['RC1', 'thing/product/RC1/services', 'RC1'],
    ['RC1', 'thing/product/RC2/services', null],
    ['RC1', 'thing/product/+/services', null],
    ['RC1', 'thing/product/RC1/#', 'RC1'],
    ['RC1', 'sys/product/RC1/#', 'RC1'],
    ['RC1', 'thing/product/RC1/+', 'RC1'],
    ['RC1', 'thing/product/#', null],
    ['RC1', 'thing/#', null],
    ['RC1', 'thing/product/RC1', null],
    ['RC1', 'sysinfo/online', null],
  ])('gateway %s subscribes %s → %s', (gatewaySn, filter, sn) => expect(gatewaySubscribeSerial({ gatewaySn, declared: new Set() }, filter)).toBe(sn));
});

describe('device claims (issue 27)', () => {
  const scope = (kind: 'all' | 'dept' | 'own'): DataScopeRule => ({ scope: kind, userId: 7, deptId: 1, deptIds: kind === 'dept' ? [1, 4] : [] });
  const row = (extra: Partial<ClaimRow> = {}): ClaimRow => ({
    serial: 'X',
    kind: 'aircraft',
    dept_id: 1,
    created_by: null,
    gateway_sn: null,
    gateway_kind: null,
    ...extra,
  });
  const dock = { by: 'dock', sn: 'DOCK1', deptId: 1 } as const;
  const pilot = (kind: 'all' | 'dept' | 'own') => ({ by: 'pilot', scope: scope(kind) }) as const;

  it.each<[string, DataScopeRule, ClaimRow | undefined, ClaimRefusal | null]>([
    ['an unregistered serial (bound by the pilot)', scope('dept'), undefined, null],
    ['an RC of its department', scope('dept'), row({ kind: 'remote_controller' }), null],
    ['an RC of a sub-department', scope('dept'), row({ kind: 'remote_controller', dept_id: 4 }), null],
    ["another department's RC", scope('dept'), row({ kind: 'remote_controller', dept_id: 2 }), 'outside_scope'],
    ['its own RC with own scope', scope('own'), row({ kind: 'remote_controller', dept_id: 2, created_by: 7 }), null],
    ['a registered dock, even for an administrator', scope('all'), row({ kind: 'dock' }), 'registered_dock'],
  ])('a pilot claims as gateway %s', (_name, rule, claimed, refusal) => expect(gatewayClaimRefusal(rule, claimed)).toBe(refusal));

  it.each<[string, Speaker, DjiDomain, ClaimRow | undefined, ClaimRefusal | null]>([
    ['pilot: a new aircraft', pilot('dept'), 0, undefined, null],
    ['pilot: an aircraft of its department', pilot('dept'), 0, row({ gateway_sn: 'RC9', gateway_kind: 'remote_controller' }), null],
    ["pilot: another department's aircraft", pilot('dept'), 0, row({ dept_id: 2 }), 'outside_scope'],
    ["pilot: a dock's aircraft", pilot('dept'), 0, row({ gateway_sn: 'DOCK1', gateway_kind: 'dock' }), 'bound_to_dock'],
    ["administrator: a dock's aircraft (moving it)", pilot('all'), 0, row({ gateway_sn: 'DOCK1', gateway_kind: 'dock' }), null],
    ['pilot: a new dock', pilot('all'), 3, undefined, 'registered_dock'],
    ['pilot: a registered dock named as an aircraft', pilot('all'), 0, row({ kind: 'dock' }), 'registered_dock'],
    ['dock: a new aircraft', dock, 0, undefined, null],
    ['dock: its own aircraft', dock, 0, row({ gateway_sn: 'DOCK1', gateway_kind: 'dock' }), null],
    ["dock: another dock's aircraft", dock, 0, row({ gateway_sn: 'DOCK2', gateway_kind: 'dock' }), 'bound_to_dock'],
    ['dock: an unbound aircraft of its department', dock, 0, row({ gateway_sn: 'RC9', gateway_kind: 'remote_controller' }), null],
    ["dock: another department's aircraft", dock, 0, row({ dept_id: 2 }), 'outside_scope'],
    ['dock: another dock', dock, 3, undefined, 'registered_dock'],
  ])('%s', (_name, speaker, domain, claimed, refusal) => expect(declareRefusal(speaker, { domain }, claimed)).toBe(refusal));
});

describe('authentication', () => {
  it('the static account, browsers by login token, Pilot 2 by thing credentials of a live session, docks by secret', async () => {
    const pilotHash = hashSecret('pilot-pw');
    const auth = createAuthenticator({
      staticUser: 'ops',
      staticPassword: 'pw',
      resolveToken: async (token) => (token === 'a.b.c' ? { userId: 1, username: 'admin', sessionId: 's1' } : null),
      findCredential: async (username) =>
        username === 'pilot-1' || username === 'pilot-old'
          ? { kind: 'pilot', hash: pilotHash, userId: 2, username: 'amy', sessionId: 's2', deptId: 3, sessionActive: username === 'pilot-1' }
          : username === 'DOCK1'
            ? { kind: 'dock', hash: hashSecret('dock-pw'), sn: 'DOCK1' }
            : null,
      findDrcCredential: async (username) =>
        username === 'drc-web-1' || username === 'drc-web-old'
          ? {
              side: 'browser',
              hash: hashSecret('drc-pw'),
              clientId: 'drc-web-DOCK1-1',
              gatewaySn: 'DOCK1',
              expiresAt: username === 'drc-web-1' ? 5000 : 1000,
              sessionId: 's3',
              sessionActive: true,
            }
          : null,
      now: () => 2000,
    });
    expect(await auth('admin', 'a.b.c')).toEqual({ identity: { kind: 'web', username: 'admin', userId: 1, sessionId: 's1' } });
    expect(await auth('bob', 'a.b.c')).toEqual({ refused: 'wrong_secret' });
    expect(await auth('ops', 'pw')).toEqual({ identity: { kind: 'service', username: 'ops' } });
    expect(await auth('ops', 'nope')).toEqual({ refused: 'unknown_username' });
    expect(await auth('pilot-1', 'pilot-pw')).toEqual({
      identity: {
        kind: 'gateway',
        source: 'pilot',
        username: 'pilot-1',
        link: { declared: new Set() },
        pilot: { userId: 2, username: 'amy', sessionId: 's2', deptId: 3 },
      },
    });
    expect(await auth('pilot-1', 'wrong')).toEqual({ refused: 'wrong_secret' });
    expect(await auth('pilot-old', 'pilot-pw')).toEqual({ refused: 'session_ended' });
    expect(await auth('DOCK1', 'dock-pw')).toEqual({
      identity: { kind: 'gateway', source: 'dock', username: 'DOCK1', link: { gatewaySn: 'DOCK1', declared: new Set() } },
    });
    expect(await auth('DOCK1', 'pilot-pw')).toEqual({ refused: 'wrong_secret' });
    // DRC credentials: bound to their client id, until they expire.
    expect(await auth('drc-web-1', 'drc-pw', 'drc-web-DOCK1-1')).toEqual({
      identity: { kind: 'drc', side: 'browser', username: 'drc-web-1', gatewaySn: 'DOCK1', expiresAt: 5000, sessionId: 's3' },
    });
    expect(await auth('drc-web-1', 'drc-pw', 'another-client')).toEqual({ refused: 'wrong_secret' });
    expect(await auth('drc-web-1', 'wrong', 'drc-web-DOCK1-1')).toEqual({ refused: 'wrong_secret' });
    expect(await auth('drc-web-old', 'drc-pw', 'drc-web-DOCK1-1')).toEqual({ refused: 'wrong_secret' });
    expect(await auth('drc-unknown', 'drc-pw', 'x')).toEqual({ refused: 'unknown_username' });
  });

  it('throttles an address after repeated failures, for one window', () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.blocked('1.2.3.4')).toBe(false);
      throttle.fail('1.2.3.4');
    }
    expect(throttle.blocked('1.2.3.4')).toBe(true);
    expect(throttle.blocked('5.6.7.8')).toBe(false);
    now = 60_000;
    expect(throttle.blocked('1.2.3.4')).toBe(false);
  });
});

describe('the address failed logins are throttled by', () => {
  const request = (forwarded?: string) => ({ headers: forwarded ? { 'x-forwarded-for': forwarded } : {}, socket: { remoteAddress: '10.0.0.1' } }) as never;
  it.each<[string, string | undefined, TrustProxy, string]>([
    ['the socket without a proxy', undefined, false, '10.0.0.1'],
    ['X-Forwarded-For ignored unless the proxy is trusted', '6.6.6.6', false, '10.0.0.1'],
    ['one trusted hop: the address that proxy appended (earlier ones are client-supplied)', '6.6.6.6, 203.0.113.9', 1, '203.0.113.9'],
    ['the socket when a trusted proxy sent none', undefined, 1, '10.0.0.1'],
    ['a trusted proxy address: the first untrusted hop', '6.6.6.6, 203.0.113.9', ['10.0.0.0/8'], '203.0.113.9'],
    ['an untrusted socket: its own address, whatever the header says', '6.6.6.6', ['192.168.0.0/16'], '10.0.0.1'],
  ])('%s', (_name, forwarded, trustProxy, address) => expect(clientAddress(request(forwarded), trustProxy)).toBe(address));
});

describe('TCP packet size guard', () => {
  const run = (max: number, bytes: number[]) =>
    new Promise<string>((resolve) => {
      const guard = packetSizeGuard(max);
      guard.on('error', (error) => resolve(error.message));
      guard.on('data', () => undefined);
      guard.on('end', () => resolve('ok'));
      guard.end(Buffer.from(bytes));
    });
  it.each<[string, number, number[], string]>([
    ['small packets pass', 100, [0x30, 0x03, 1, 2, 3, 0xc0, 0x00], 'ok'],
    ['a header announcing 200 bytes over a 100 byte cap fails', 100, [0x30, 0xc8, 0x01], 'MQTT packet of 200 bytes exceeds 100'],
    ['five length bytes are malformed', 1e9, [0x30, 0x80, 0x80, 0x80, 0x80, 0x01], 'malformed MQTT remaining length'],
  ])('%s', async (_name, max, bytes, outcome) => expect(await run(max, bytes)).toBe(outcome));
});

describe('weather', () => {
  it('the simulated station is deterministic and its verdict follows the limits', async () => {
    const provider = new SimulatedWeatherProvider();
    const a = await provider.observe([DEFAULT_AREA], 1_700_000_000_000);
    const b = await provider.observe([DEFAULT_AREA], 1_700_000_000_000);
    expect(a).toEqual(b);
    expect(a.source).toBe('simulated');
    expect(flyableVerdict({ windSpeed: 12, gust: 14, visibility: 800, precipitation: 5, temperature: -20 })).toEqual({
      flyable: false,
      reasons: ['wind', 'gust', 'visibility', 'precipitation', 'cold'],
    });
    expect(flyableVerdict({ windSpeed: 3, gust: 4, visibility: 9000, precipitation: 0, temperature: 25 })).toEqual({ flyable: true, reasons: [] });
  });

  it('WEATHER=calm: a flyable calm sky at every station, whatever the simulated station says at that time', async () => {
    const areas = [DEFAULT_AREA, { areaId: 'project-7', name: 'p7', lat: 30, lng: 120 }];
    const simulated = weatherProviderFor('simulated');
    // A minute (of the first days of 2026) the simulated station finds unflyable at the default area.
    const stormy = Array.from({ length: 7 * 24 * 60 }, (_, i) => 1_767_225_600_000 + i * 60_000).find(
      (at) => !new SimulatedWeatherProvider().stationAt(DEFAULT_AREA, at).flyable,
    )!;
    expect((await simulated.observe(areas, stormy)).stations[0].flyable).toBe(false);
    const calm = await weatherProviderFor('calm').observe(areas, stormy);
    expect(calm).toMatchObject({ at: stormy, source: 'calm' });
    expect(calm.stations).toEqual(areas.map((area) => ({ ...area, ...CALM_OBSERVATION, flyable: true, reasons: [] })));
  });

  it('topic filters and project area centres', () => {
    expect(matches('thing/product/+/osd', 'thing/product/A/osd')).toBe(true);
    expect(matches('sysinfo/#', 'sysinfo/online')).toBe(true);
    expect(matches('thing/product/+/osd', 'thing/product/A/osd/x')).toBe(false);
    expect(matches('thing/product/+/osd', 'thing/product/A/osdx')).toBe(false);
    expect(matches('thing/product/+/osd', 'thing/product/A/os')).toBe(false);
    expect(matches('thing/product/+/osd', 'thing/product/A')).toBe(false);
    expect(matches('sysinfo/#', 'sysinfo')).toBe(true);
    expect(matches('sysinfo/+', 'sysinfo/')).toBe(true);
    expect(matches('sysinfo/+', 'sysinfo')).toBe(false);
    expect(matches('sysinfo', 'sysinfo/online')).toBe(false);
    expect(matches('+', '')).toBe(true);
    expect(
      areaCentre({
        type: 'Polygon',
        coordinates: [
          [
            [114, 22],
            [114.1, 22],
            [114.1, 22.1],
            [114, 22.1],
          ],
        ],
      }),
    ).toEqual({ lat: 22.05, lng: 114.05 });
    expect(areaCentre('not json')).toBeNull();
  });
});
