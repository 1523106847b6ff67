import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../e2e/support/freePort';
import { sleep } from './support';

export const MOSQUITTO = '/usr/sbin/mosquitto';

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

export interface OwnMosquitto {
  tcpUrl: string;
  wsUrl: string;
  stop(): void;
}

/**
 * An own mosquitto process for a suite, with a TCP and a websocket listener on localhost, no anonymous access, and
 * `settings` (its authentication and ACL lines) in a config file in `dir`.
 */
export async function startOwnMosquitto(dir: string, settings: string[]): Promise<OwnMosquitto> {
  // Fail, never skip: a missing broker must not turn a suite green.
  if (!fs.existsSync(MOSQUITTO)) throw new Error(`Mosquitto is not installed (${MOSQUITTO}); apt-get install mosquitto`);
  const [tcpPort, wsPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      // Started as root, mosquitto would drop to its own user and could not read the suite's private files.
      `user ${os.userInfo().username}`,
      'per_listener_settings false',
      'allow_anonymous false',
      ...settings,
      'persistence false',
      `listener ${tcpPort} 127.0.0.1`,
      `listener ${wsPort} 127.0.0.1`,
      'protocol websockets',
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  await waitForPort(tcpPort);
  await waitForPort(wsPort);
  return { tcpUrl: `mqtt://127.0.0.1:${tcpPort}`, wsUrl: `ws://127.0.0.1:${wsPort}`, stop: () => void child.kill('SIGTERM') };
}
