import net from 'node:net';
import { MAX_PACKET_BYTES } from '../../../server/mqtt/embedded';
import { aircraft, DOCK, registerDock, TestGateway } from './dji';
import { connect, loginToken, startServer, type TestServer } from './support';

describe('failed MQTT logins are throttled per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ sysinfoIntervalMs: 60_000 });
  });
  afterAll(async () => server?.close());

  it('after 10 failures within a minute even the right secret is refused', async () => {
    const token = await loginToken(server);
    const { secret } = await registerDock(server, token, 'DOCK-T1');
    for (let i = 0; i < 10; i++) {
      await expect(connect(server.wsUrl, { clientId: `gw_t${i}`, username: 'DOCK-T1', password: `guess-${i}` })).rejects.toThrow(/Bad username or password/);
    }
    await expect(connect(server.wsUrl, { clientId: 'gw_t_ok', username: 'DOCK-T1', password: secret })).rejects.toThrow(/Bad username or password/);
    expect(server.app.mqtt!.broker!.stats.refused).toMatchObject({ wrong_secret: 10, throttled: 1 });
  });
});

describe('optional TCP listener (MQTT_TCP_PORT)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ tcpPort: 0, tcpHost: '127.0.0.1', sysinfoIntervalMs: 60_000 });
  });
  afterAll(async () => server?.close());

  it('serves a dock over plain MQTT with the same authentication and protocol', async () => {
    const token = await loginToken(server);
    const { secret } = await registerDock(server, token, 'DOCK-TCP');
    const dock = await TestGateway.connect(`mqtt://127.0.0.1:${server.app.mqtt!.broker!.tcpAddress!.port}`, 'DOCK-TCP', 'DOCK-TCP', secret);
    expect((await dock.topo(DOCK, [aircraft('AC-TCP')])).data).toEqual({ result: 0 });
    await dock.end();
  });

  it('closes a connection whose packet header announces more than the websocket maximum', async () => {
    const socket = net.connect(server.app.mqtt!.broker!.tcpAddress!.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // A PUBLISH fixed header claiming MAX_PACKET_BYTES + 1 bytes of body, and nothing else: refused from the header alone.
    const length = MAX_PACKET_BYTES + 1;
    const varint: number[] = [];
    for (let rest = length; rest > 0; rest = Math.floor(rest / 128)) varint.push((rest % 128) | (rest >= 128 ? 0x80 : 0));
    socket.write(Buffer.from([0x30, ...varint]));
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
