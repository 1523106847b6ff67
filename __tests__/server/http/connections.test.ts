import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer, type ServerHandle } from '../../../server/app';
import { testConfig } from '../api/harness';

interface RawConnection {
  socket: net.Socket;
  /** Resolves when the server closed the connection: what it sent and how long after the connect. */
  closed: Promise<{ afterMs: number; received: string }>;
}

const opened = new Set<net.Socket>();

/** A plain TCP connection that sends `data` (possibly a half request) and never anything else. */
async function rawConnection(port: number, data?: string): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  opened.add(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.once('close', () => resolve({ afterMs: Date.now() - started, received })),
  );
  if (data) socket.write(data);
  return { socket, closed };
}

const HEADERS_TIMEOUT_MS = 400;

describe('HTTP connection limits', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-http-'));
  let handle: ServerHandle;
  let port: number;

  beforeAll(async () => {
    const env = {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '400',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '4',
    };
    handle = await buildServer(testConfig(root, env), { demoSeed: false });
    await handle.app.listen({ port: 0, host: '127.0.0.1' });
    port = (handle.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of opened) socket.destroy();
    await handle?.app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('closes connections whose headers do not arrive in time (half-sent request, or nothing at all) with 408', async () => {
    const silent = await rawConnection(port);
    const halfSent = await rawConnection(port, 'GET /api/openapi.json HTTP/1.1\r\nHost: skyline\r\n');
    for (const connection of [silent, halfSent]) {
      const { afterMs, received } = await connection.closed;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
    }
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const connection = await rawConnection(port, 'GET /api/openapi.json HTTP/1.1\r\nHost: skyline\r\n\r\n');
    const { received } = await connection.closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('closes unknown websocket upgrades at once and keeps /mqtt', async () => {
    const upgrade = (pathname: string) =>
      `GET ${pathname} HTTP/1.1\r\nHost: skyline\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n`;
    const stray = await rawConnection(port, upgrade('/socket.io/'));
    const { afterMs, received } = await stray.closed;
    expect(received).toMatch(/^HTTP\/1\.1 404 /);
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS);

    const broker = await rawConnection(port, upgrade('/mqtt'));
    await new Promise<void>((resolve) => broker.socket.once('data', () => resolve()));
    broker.socket.destroy();
    const { received: accepted } = await broker.closed;
    expect(accepted).toMatch(/^HTTP\/1\.1 101 /);
  });

  it('caps the open connections of one address', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => rawConnection(port)));
    const refused = await rawConnection(port);
    const { afterMs, received } = await refused.closed;
    expect([received, afterMs < HEADERS_TIMEOUT_MS]).toEqual(['', true]);
    // The held ones are still open until the headers timeout; once they are gone the address may connect again.
    await Promise.all(held.map((connection) => connection.closed));
    const again = await rawConnection(port, 'GET /api/openapi.json HTTP/1.1\r\nHost: skyline\r\nConnection: close\r\n\r\n');
    expect((await again.closed).received).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('closing the server', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-http-close-'));
  let handle: ServerHandle;
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('does not wait out the keep-alive timeout for a request that was under way when it began closing', async () => {
    // The default keep-alive timeout (above a load balancer's): a close held by one such connection would take 72 s.
    handle = await buildServer(testConfig(root, { HTTP_KEEP_ALIVE_TIMEOUT_MS: '72000' }), { demoSeed: false });
    await handle.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (handle.app.server.address() as net.AddressInfo).port;
    const body = JSON.stringify({ username: 'admin', password: 'not-the-password' });
    const routed = new Promise<void>((resolve) => handle.app.server.once('request', () => resolve()));
    const connection = await rawConnection(
      port,
      `POST /api/auth/login/ HTTP/1.1\r\nHost: skyline\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // The server has read the headers (routed the request) and waits for the rest of the body when closing begins.
    await routed;
    const started = Date.now();
    const closed = handle.app.close().then(() => Date.now() - started);
    connection.socket.write(body.slice(10));
    const { received } = await connection.closed;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(await closed).toBeLessThan(5_000);
  }, 20_000);
});
