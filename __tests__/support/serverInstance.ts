import { fork } from 'node:child_process';
import path from 'node:path';
import type { GatewayStats } from '../../server/mqtt/gateway/service';
import type { LiveChannelStats } from '../../server/mqtt/liveChannel';

export type InstanceRequest = { id: number; kind: 'stats' } | { id: number; kind: 'service'; gatewaySn: string; method: string; timeoutMs: number };
export type InstanceReply =
  | { kind: 'stats'; stats: GatewayStats; live: LiveChannelStats; samples: Record<string, number>; cpu: NodeJS.CpuUsage }
  | { kind: 'service'; output?: Record<string, unknown>; error?: string };

export interface ServerInstance {
  url: string;
  /**
   * The device link's counters (applied per channel, dropped per reason), the live channel's (sysinfo/* sent), the
   * OSD samples applied per aircraft and the CPU time so far.
   */
  stats(): Promise<Extract<InstanceReply, { kind: 'stats' }>>;
  /** Sends service `method` to gateway `gatewaySn` from this instance: its output, or why it failed. */
  service(gatewaySn: string, method: string, timeoutMs?: number): Promise<Extract<InstanceReply, { kind: 'service' }>>;
  output(): string;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL (no shutdown of any kind), resolved once the process has exited. */
  kill(): Promise<void>;
}

/**
 * Starts a server (server/app.ts, configured from `env` like server/main.ts) in a child process of its own, which a
 * test can kill, and whose device link it can ask for its counters: the multi-instance tests and bench:mqtt.
 */
export async function forkServerInstance(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerInstance> {
  const child = fork(path.join(__dirname, 'serverInstanceMain.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, HMS_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const waiting = new Map<number, (reply: InstanceReply) => void>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server instance did not start in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    child.on('message', (message: { url?: string; id?: number; reply?: InstanceReply }) => {
      if (message.url) {
        clearTimeout(timer);
        resolve(message.url);
      } else if (message.id !== undefined && message.reply) waiting.get(message.id)?.(message.reply);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server instance exited with ${code}:\n${output}`));
    });
  });
  const ask = <K extends InstanceReply['kind']>(request: Omit<Extract<InstanceRequest, { kind: K }>, 'id'>) =>
    new Promise<Extract<InstanceReply, { kind: K }>>((resolve, reject) => {
      const id = nextId++;
      const gone = () => reject(new Error('the server instance exited'));
      child.once('exit', gone);
      waiting.set(id, (reply) => {
        waiting.delete(id);
        child.off('exit', gone);
        resolve(reply as Extract<InstanceReply, { kind: K }>);
      });
      child.send({ ...request, id });
    });
  const exitOn = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return {
    url,
    stats: () => ask<'stats'>({ kind: 'stats' }),
    service: (gatewaySn, method, serviceTimeoutMs = 5000) => ask<'service'>({ kind: 'service', gatewaySn, method, timeoutMs: serviceTimeoutMs }),
    output: () => output,
    stop: () => exitOn('SIGTERM'),
    kill: () => exitOn('SIGKILL'),
  };
}
