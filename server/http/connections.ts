import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Socket-level limits of the HTTP listener (docs/deploy.md, "HTTP limits"). */
export interface HttpLimits {
  /** A request whose headers have not all arrived by then gets 408 and its connection is closed (also an idle new connection). */
  headersTimeoutMs: number;
  /** The whole request, body included (photo uploads). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this; above the load balancer's own idle timeout. */
  keepAliveTimeoutMs: number;
  /** Open connections per client socket address (0: no cap). Behind a proxy every client shares the proxy's address. */
  maxConnectionsPerAddress: number;
}

/** Options for Fastify (and through `http`, for node's http.createServer) that apply the timeouts. */
export function httpTimeoutOptions(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for expired headers/requests on this interval (default 30 s, which would double the headers timeout).
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: Math.min(1000, Math.max(50, limits.headersTimeoutMs / 4)) },
  };
}

/** Closes a new connection at once when its address already holds `max` open ones. */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Websocket upgrades go only to `paths` (the embedded broker's /mqtt, handled by its own listener); any other upgrade
 * is answered 404 and closed at once instead of holding a socket open for good.
 */
export function closeUnknownUpgrades(server: Server, paths: readonly string[]): void {
  server.on('upgrade', (request: { url?: string }, socket: Duplex) => {
    if (paths.includes((request.url ?? '').split('?')[0])) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
  });
}

/** How often a closing server looks for connections that went idle. */
const CLOSING_REAP_MS = 100;

/**
 * While the server closes: a request that was under way when closing began is answered with keep-alive, and node's
 * close reaps idle connections only once, so that connection would hold the close for the whole keep-alive timeout
 * (a restart or a test waiting ~70 s). Until the server has closed, its connections are closed as they go idle.
 */
export function closeConnectionsAsTheyIdle(server: Server): void {
  const reaper = setInterval(() => server.closeIdleConnections(), CLOSING_REAP_MS);
  reaper.unref();
  server.once('close', () => clearInterval(reaper));
}
