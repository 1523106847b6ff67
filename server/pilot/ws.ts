import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { grantOfToken } from '../rbac/permissions';
import type { PilotHub, PilotPeer } from './hub';

/** Pilot 2's `ws` component connects here with `?x-auth-token=<token>` (DJI's demo endpoint). */
export const PILOT_WS_PATH = '/api/v1/ws';

const refuse = (socket: Duplex, status: string) => socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());

/**
 * The WebSocket of Pilot 2's `ws` component: a bad or missing token is refused at the upgrade (401); an accepted
 * connection joins the hub with its session's grant, re-read whenever sessions or roles change (a connection whose
 * session ended is closed). Pilot 2 only listens; what it sends is ignored.
 */
export function servePilotWebSocket(app: FastifyInstance, hub: PilotHub): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const tokens = new WeakMap<PilotPeer, string>();
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== PILOT_WS_PATH) return;
    const token = url.searchParams.get('x-auth-token');
    grantOfToken(app, token).then(
      (grant) =>
        wss.handleUpgrade(request, socket, head, (ws) => {
          const peer: PilotPeer = { grant, send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) };
          tokens.set(peer, token!);
          hub.add(peer);
          ws.on('close', () => hub.remove(peer));
          ws.on('error', () => hub.remove(peer));
        }),
      () => refuse(socket, '401 Unauthorized'),
    );
  };
  app.server.on('upgrade', onUpgrade);
  app.grants.listen(() => hub.regrant((peer) => grantOfToken(app, tokens.get(peer) ?? null).catch(() => null)));
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    hub.closeAll();
    wss.close();
  });
}
