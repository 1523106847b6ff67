import { spawn, type ChildProcess } from 'node:child_process';

/** A redis-server of the test's own on `port` (nothing kept on disk), resolved once it accepts connections: tests stop, freeze and restart it. */
export async function startOwnRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Ready to accept connections') && resolve());
  });
  return child;
}
