import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/freePort';

export const MOSQUITTO = '/usr/sbin/mosquitto';

export interface Mosquitto {
  url: string;
  stop(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/**
 * An own Mosquitto on a free localhost port for the benchmark: anonymous (the benchmark measures capacity, not
 * identities), no persistence, and queues deep enough that the broker never drops for lack of room.
 */
export async function startMosquitto(): Promise<Mosquitto> {
  if (!fs.existsSync(MOSQUITTO)) throw new Error(`Mosquitto is not installed (${MOSQUITTO})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyline-bench-mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [`user ${os.userInfo().username}`, 'allow_anonymous true', 'persistence false', 'max_queued_messages 1000000', `listener ${port} 127.0.0.1`, ''].join('\n'),
  );
  const child: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 5000;
  while (!(await listening(port))) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`mosquitto did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
