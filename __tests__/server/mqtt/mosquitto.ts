import net from 'node:net';
import { sleep } from './support';

export { freePort } from '../../../e2e/support/freePort';

/** Resolves once something (the suite's own mosquitto) accepts connections on the port. */
export async function waitForPort(port: number, timeoutMs = 5000) {
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
