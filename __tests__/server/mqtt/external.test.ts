import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readMqttConfig } from '../../../server/config';
import { telemetryTopic } from '../../../server/mqtt/topics';
import { connect, end, nextMessage, sleep, startServer, subscribe, telemetry, type TestServer } from './support';

const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`mosquitto did not listen on ${port}`);
}

/** An own mosquitto process: TCP + websocket listeners, password file and ACL as documented in docs/mqtt.md. */
describe('external broker mode (MQTT_URL) against a real Mosquitto', () => {
  let dir: string;
  let mosquitto: ChildProcess;
  let tcpPort: number;
  let wsPort: number;
  let server: TestServer | undefined;

  beforeAll(async () => {
    // Fail, never skip: a missing broker must not turn this suite green.
    if (!fs.existsSync(MOSQUITTO) || !fs.existsSync(MOSQUITTO_PASSWD)) throw new Error(`Mosquitto is not installed (${MOSQUITTO}); apt-get install mosquitto`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-mosquitto-'));
    [tcpPort, wsPort] = [await freePort(), await freePort()];
    const passwd = path.join(dir, 'passwd');
    execFileSync(MOSQUITTO_PASSWD, ['-c', '-b', passwd, 'skyline-server', 'server-secret']);
    execFileSync(MOSQUITTO_PASSWD, ['-b', passwd, 'viewer', 'viewer-secret']);
    execFileSync(MOSQUITTO_PASSWD, ['-b', passwd, 'SKY-EXT', 'device-secret']);
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
        'pattern write thing/product/%u/#',
        '',
      ].join('\n'),
    );
    fs.chmodSync(passwd, 0o600);
    fs.chmodSync(path.join(dir, 'acl'), 0o600);
    fs.writeFileSync(
      path.join(dir, 'mosquitto.conf'),
      [
        // Started as root, mosquitto would drop to its own user and could not read these private files.
        `user ${os.userInfo().username}`,
        'per_listener_settings false',
        'allow_anonymous false',
        `password_file ${passwd}`,
        `acl_file ${path.join(dir, 'acl')}`,
        'persistence false',
        `listener ${tcpPort} 127.0.0.1`,
        `listener ${wsPort} 127.0.0.1`,
        'protocol websockets',
        '',
      ].join('\n'),
    );
    mosquitto = spawn(MOSQUITTO, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await waitForPort(tcpPort);
    await waitForPort(wsPort);
  });

  afterAll(async () => {
    await server?.close();
    mosquitto?.kill('SIGTERM');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the server publishes retained sysinfo there, reads telemetry from it, and a plain client (websocket) receives it', async () => {
    server = await startServer({
      ...readMqttConfig({ MQTT_URL: `mqtt://127.0.0.1:${tcpPort}`, MQTT_USER: 'skyline-server', MQTT_PASSWORD: 'server-secret' }),
      sysinfoIntervalMs: 60_000,
    });
    expect(server.app.mqtt?.mode).toBe('external');
    const viewer = await connect(`ws://127.0.0.1:${wsPort}`, { clientId: 'web_42', username: 'viewer', password: 'viewer-secret' });
    const online = nextMessage(viewer, 'sysinfo/online');
    const weather = nextMessage(viewer, 'sysinfo/weather');
    await subscribe(viewer, 'sysinfo/#');
    expect((await online).retain).toBe(true);
    expect((await weather).payload).toMatchObject({
      stations: expect.arrayContaining([expect.objectContaining({ areaId: expect.any(String), flyable: expect.any(Boolean) })]),
    });

    // Telemetry from a device on the external broker reaches the server's ingest.
    const drone = await connect(`mqtt://127.0.0.1:${tcpPort}`, { clientId: 'dev_ext', username: 'SKY-EXT', password: 'device-secret' });
    const changed = nextMessage(viewer, 'sysinfo/online', 5000, (p) => (p as { online: string[] }).online.includes('SKY-EXT'));
    drone.publish(telemetryTopic('SKY-EXT'), JSON.stringify(telemetry('SKY-EXT')), { qos: 1 });
    expect((await changed).payload).toMatchObject({ onlineCount: 1 });

    // Mosquitto's ACL: the viewer's publish to sysinfo/online is silently dropped.
    const seen: unknown[] = [];
    await sleep(100);
    viewer.on('message', (topic, payload) => topic === 'sysinfo/online' && seen.push(payload.toString()));
    viewer.publish('sysinfo/online', '{"fake":true}', { qos: 1 });
    await sleep(300);
    expect(seen).toEqual([]);
    await Promise.all([end(viewer), end(drone)]);
  });

  it('a wrong server password fails the start with a clear error', async () => {
    await expect(
      startServer({ ...readMqttConfig({ MQTT_URL: `mqtt://127.0.0.1:${tcpPort}`, MQTT_USER: 'skyline-server', MQTT_PASSWORD: 'wrong' }) }),
    ).rejects.toThrow(/Cannot connect to the external MQTT broker/);
  });
});
