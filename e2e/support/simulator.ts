import { spawn } from 'node:child_process';
import path from 'node:path';
import { startSimulation, type Simulation, type SimulationOptions } from '../../scripts/simulator';
import { brokerUrl } from '../../__tests__/support/serverProcess';
import type { RunningServer } from './server';

const root = path.resolve(__dirname, '../..');

export interface RunningSimulator {
  /** Resolves once every simulated gateway completed its topology handshake; rejects if the simulator exits first. */
  readonly connected: Promise<void>;
  /** The tail of what it printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `npm run simulate` (scripts/simulate.ts) against the server's embedded broker, signed in as its admin. */
export function startSimulator(server: RunningServer, args: string[]): RunningSimulator {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/simulate.ts'), ...args, '--url', brokerUrl(server.url)],
    {
      cwd: root,
      env: { ...process.env, ADMIN_PASSWORD: server.adminPassword },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const connected = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => /gateway\(s\) connected/.test(output) && resolve());
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before its gateways were up:\n${output.slice(-2000)}`)));
  });
  connected.catch(() => undefined);
  return {
    connected,
    output: () => output.slice(-2000),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The simulator in this process (so a test can steer its aircraft), against the server's embedded broker and signed
 * in as its admin, on the demo workspace with no HMS noise unless the test asks for it.
 */
export function simulateInProcess(server: RunningServer, options: Pick<SimulationOptions, 'prefix'> & Partial<SimulationOptions>): Promise<Simulation> {
  const api = server.url.replace(/\/$/, '');
  return startSimulation({
    url: brokerUrl(api),
    api,
    user: 'admin',
    password: server.adminPassword,
    gateways: 0,
    docks: 0,
    workspaceId: 1,
    rate: 2,
    hmsEverySeconds: 0,
    ...options,
  });
}
