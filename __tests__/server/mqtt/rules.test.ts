import { canPublish, canSubscribe, type BrokerIdentity } from '../../../server/mqtt/acl';
import { areaCentre } from '../../../server/mqtt/domain';
import { createAuthenticator } from '../../../server/mqtt/embedded';
import { matches } from '../../../server/mqtt/match';
import { parseTelemetry } from '../../../server/mqtt/payloads';
import { DEFAULT_AREA, flyableVerdict, SimulatedWeatherProvider } from '../../../server/mqtt/weather';

const web: BrokerIdentity = { kind: 'web', username: 'admin', userId: 1, sessionId: 's' };
const device: BrokerIdentity = { kind: 'device', sn: 'SN1' };

describe('ACL', () => {
  it.each([
    [web, 'sysinfo/online', false],
    [web, 'sysinfo/weather/extra', false],
    [web, 'thing/product/SN1/osd', false],
    [web, '$SYS/x', false],
    [web, 'web/admin/chat', true],
    [device, 'thing/product/SN1/osd', true],
    [device, 'thing/product/SN2/osd', false],
    [device, 'thing/product/SN1', false],
    [device, 'sysinfo/online', false],
    [{ kind: 'service', username: 'ops' } as BrokerIdentity, 'sysinfo/online', true],
  ])('publish %o → %s: %s', (identity, topic, allowed) => expect(canPublish(identity, topic)).toBe(allowed));

  it.each([
    [web, 'sysinfo/#', true],
    [web, 'sysinfo/online', true],
    [web, 'thing/product/+/osd', true],
    [web, 'thing/product/SN1/osd', true],
    [web, 'thing/product/#', false],
    [web, '#', false],
    [web, '+/online', false],
    [device, 'thing/product/SN1/#', true],
    [device, 'thing/product/+/osd', false],
    [device, 'sysinfo/online', false],
  ])('subscribe %o → %s: %s', (identity, filter, allowed) => expect(canSubscribe(identity, filter)).toBe(allowed));

  it('authenticates web clients by token, devices by secret, and the static account', async () => {
    const auth = createAuthenticator({
      staticUser: 'ops',
      staticPassword: 'pw',
      deviceSecret: 'dev',
      resolveToken: async (token) => (token === 'a.b.c' ? { userId: 1, username: 'admin', sessionId: 's1' } : null),
    });
    expect(await auth('admin', 'a.b.c')).toEqual({ kind: 'web', username: 'admin', userId: 1, sessionId: 's1' });
    expect(await auth('bob', 'a.b.c')).toBeNull();
    expect(await auth('SN1', 'dev')).toEqual({ kind: 'device', sn: 'SN1' });
    expect(await auth('SN/1', 'dev')).toBeNull();
    expect(await auth('ops', 'pw')).toEqual({ kind: 'service', username: 'ops' });
    expect(await auth('ops', 'nope')).toBeNull();
  });
});

describe('payloads and weather', () => {
  const good = { sn: 'SN1', lat: 22.5, lng: 114, alt: 50, speed: 5, heading: 10, battery: 90, status: 'flying', at: 1 };
  it('validates telemetry and binds it to the topic serial', () => {
    expect(parseTelemetry(JSON.stringify(good), 'SN1')).toEqual(good);
    expect(parseTelemetry(JSON.stringify(good), 'SN2')).toBeNull();
    expect(parseTelemetry('{', 'SN1')).toBeNull();
    expect(parseTelemetry(JSON.stringify({ ...good, battery: 101 }), 'SN1')).toBeNull();
    const { sn: _sn, ...noSerial } = good;
    expect(parseTelemetry(JSON.stringify(noSerial), 'SN1')).toMatchObject({ sn: 'SN1' });
  });

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

  it('topic filters and project area centres', () => {
    expect(matches('thing/product/+/osd', 'thing/product/A/osd')).toBe(true);
    expect(matches('sysinfo/#', 'sysinfo/online')).toBe(true);
    expect(matches('thing/product/+/osd', 'thing/product/A/osd/x')).toBe(false);
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
