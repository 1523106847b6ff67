import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readMqttConfig } from '../../../server/config';
import { aircraft, aircraftOsd, DOCK, TestGateway } from './dji';
import { startOwnMosquitto, type OwnMosquitto } from './mosquitto';
import type { OnlineDelta } from '@shared/onlineList';
import { connect, end, nextMessage, recordMessages, startServer, subscribe, type TestServer } from './support';

const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

/** An own mosquitto process: TCP + websocket listeners, password file and ACL as documented in docs/mqtt.md. */
describe('external broker mode (MQTT_URL) against a real Mosquitto', () => {
  let dir: string;
  let mosquitto: OwnMosquitto;
  let server: TestServer | undefined;

  beforeAll(async () => {
    if (!fs.existsSync(MOSQUITTO_PASSWD)) throw new Error(`${MOSQUITTO_PASSWD} is missing; apt-get install mosquitto`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-mosquitto-'));
    const passwd = path.join(dir, 'passwd');
    execFileSync(MOSQUITTO_PASSWD, ['-c', '-b', passwd, 'skyline-server', 'server-secret']);
    execFileSync(MOSQUITTO_PASSWD, ['-b', passwd, 'viewer', 'viewer-secret']);
    execFileSync(MOSQUITTO_PASSWD, ['-b', passwd, 'DOCK-EXT', 'device-secret']);
    fs.writeFileSync(
      path.join(dir, 'acl'),
      [
        'user skyline-server',
        'topic readwrite #',
        '',
        'user viewer',
        'topic read sysinfo/#',
        'topic read thing/product/+/osd',
        '',
        // A gateway writes its own topics and reads its replies and commands; the serials it speaks for are listed
        // by hand here (docs/mqtt.md: a static set-up has no per-connection topology ACL; dynamic security has).
        'pattern write sys/product/%u/status',
        'pattern read sys/product/%u/status_reply',
        'pattern write thing/product/%u/#',
        'pattern read thing/product/%u/#',
        'user DOCK-EXT',
        'topic write thing/product/AC-EXT/osd',
        'topic write thing/product/AC-UNDECLARED/osd',
        '',
      ].join('\n'),
    );
    fs.chmodSync(passwd, 0o600);
    fs.chmodSync(path.join(dir, 'acl'), 0o600);
    mosquitto = await startOwnMosquitto(dir, [`password_file ${passwd}`, `acl_file ${path.join(dir, 'acl')}`]);
  });

  afterAll(async () => {
    await server?.close();
    mosquitto?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the server publishes retained sysinfo there, runs the DJI gateway on it, and a plain client (websocket) receives it', async () => {
    server = await startServer({
      ...readMqttConfig({ MQTT_URL: mosquitto.tcpUrl, MQTT_USER: 'skyline-server', MQTT_PASSWORD: 'server-secret' }),
      sysinfoIntervalMs: 60_000,
    });
    expect(server.app.mqtt?.mode).toBe('external');
    const viewer = await connect(mosquitto.wsUrl, { clientId: 'web_42', username: 'viewer', password: 'viewer-secret' });
    const online = nextMessage(viewer, 'sysinfo/online');
    const weather = nextMessage(viewer, 'sysinfo/weather');
    await subscribe(viewer, 'sysinfo/#');
    expect((await online).retain).toBe(true);
    expect((await weather).payload).toMatchObject({
      stations: expect.arrayContaining([expect.objectContaining({ areaId: expect.any(String), flyable: expect.any(Boolean) })]),
    });

    // A dock on the external broker: the server answers its update_topo there, and its aircraft's OSD reaches the live state.
    const dock = await TestGateway.connect(mosquitto.tcpUrl, 'DOCK-EXT', 'DOCK-EXT', 'device-secret');
    const changed = nextMessage(viewer, 'sysinfo/online', 5000, (p) => (p as OnlineDelta).set?.['AC-EXT'] === 'flying');
    const reply = await dock.topo(DOCK, [aircraft('AC-EXT')]);
    expect(reply).toMatchObject({ method: 'update_topo', data: { result: 0 } });
    dock.osd('AC-EXT', aircraftOsd());
    await changed;
    expect(await server.app.mqtt?.gateway.currentLive('AC-EXT')).toMatchObject({ lat: 22.6, battery: 66, mode: { en: 'Wayline flight' } });

    // Mosquitto lets this one through (the ACL above), the gateway does not: no update_topo declared it.
    dock.osd('AC-UNDECLARED', aircraftOsd());
    await dock.flush();
    expect(server.app.mqtt?.gateway.stats.dropped.undeclared_serial).toBe(1);
    expect(await server.app.mqtt?.gateway.currentLive('AC-UNDECLARED')).toBeUndefined();

    // Mosquitto's ACL: the viewer's publish to sysinfo/online is silently dropped (yet acknowledged).
    await recordMessages(viewer, 'sysinfo/online').untilMarker(server); // what the server published so far has arrived
    const recording = recordMessages(viewer, 'sysinfo/online');
    await viewer.publishAsync('sysinfo/online', '{"fake":true}', { qos: 1 });
    expect(await recording.untilMarker(server)).toEqual([]);
    await Promise.all([end(viewer), dock.end()]);
  });

  it('a wrong server password fails the start with a clear error', async () => {
    await expect(startServer({ ...readMqttConfig({ MQTT_URL: mosquitto.tcpUrl, MQTT_USER: 'skyline-server', MQTT_PASSWORD: 'wrong' }) })).rejects.toThrow(
      /Cannot connect to the external MQTT broker/,
    );
  });
});
