import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

export interface ServerProcess {
  /** The console's address, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, resolved once the process has exited. */
  stop: () => Promise<void>;
  /** SIGKILL (no shutdown of any kind), resolved once the process has exited. */
  kill: () => Promise<void>;
}

/**
 * Starts the real server (`node --import tsx server/main.ts`) as its own process on a free port (PORT=0, HOST=127.0.0.1
 * unless `env` says otherwise) and waits for its start-up banner. Used by the browser tests and the scale-out test.
 */
export async function spawnServerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  // tsx as a loader in the server's own process (its CLI would run the server in a child a SIGKILL does not reach).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const check = () => {
      const match = /Skyline Ops console: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const exitOn = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, output: () => output, stop: () => exitOn('SIGTERM'), kill: () => exitOn('SIGKILL') };
}
