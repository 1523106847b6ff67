// proxy-addr (Fastify's own dependency for request.ip) ships no types.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';

  type Trust = ((address: string, hop: number) => boolean) | string[] | string;
  function proxyaddr(request: Pick<IncomingMessage, 'headers' | 'socket'>, trust: Trust): string;
  export = proxyaddr;
}
