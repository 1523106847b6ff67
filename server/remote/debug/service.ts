import {
  DEBUG_METHOD_NAMES,
  DEBUG_METHODS,
  debugProgressSchema,
  debugReplyOutputSchema,
  debugServiceData,
  jobProgress,
  type DebugCommand,
  type DebugJob,
  type DebugMethodName,
  type DebugProgress,
} from '@shared/dji/remoteDebug';
import { nowIso } from '../../db/time';
import { route } from '../../mqtt/gateway/registry';
import type { RemoteLink } from '../commands';

/**
 * A dock's remote debugging (spec dji-cloud-api-next §5): sends the debug services, answers with the dock's reply,
 * and follows the progress events of the long jobs (cover, aircraft power, charging, reboot, putter), keeping each
 * dock's newest job for the console.
 */
export class DockDebug {
  private readonly jobs = new Map<string, DebugJob>();

  constructor(
    private readonly link: RemoteLink,
    private readonly options: { replyTimeoutMs: number; now?: () => number },
  ) {
    const jobs = DEBUG_METHOD_NAMES.filter((method) => DEBUG_METHODS[method].job);
    link.register({
      name: 'remote.debug',
      events: Object.fromEntries(jobs.map((method) => [method, route(debugProgressSchema, (dockSn, data) => this.onProgress(dockSn, method, data))])),
      services: DEBUG_METHOD_NAMES,
    });
  }

  /** The dock's newest job, if one ran since the server started. */
  job(dockSn: string): DebugJob | undefined {
    return this.jobs.get(dockSn);
  }

  /** Sends one debug service; resolves with the job as the reply left it (rejects with the gateway's ServiceError). */
  async send(dockSn: string, command: DebugCommand): Promise<DebugJob> {
    const sentAt = nowIso(this.now());
    const output = debugReplyOutputSchema.safeParse(
      await this.link.sendService(dockSn, command.method, debugServiceData(command), { timeoutMs: this.options.replyTimeoutMs }),
    );
    const replied = output.success ? output.data.status : undefined;
    const current = this.jobs.get(dockSn);
    // A progress event may have overtaken the reply: the job is then already further along.
    if (current?.method === command.method && current.updated_at >= sentAt) return current;
    const job: DebugJob = {
      method: command.method,
      status: replied ?? (DEBUG_METHODS[command.method].job ? 'sent' : 'ok'),
      result: 0,
      percent: null,
      step_key: null,
      updated_at: nowIso(this.now()),
    };
    this.jobs.set(dockSn, job);
    return job;
  }

  private onProgress(dockSn: string, method: DebugMethodName, data: DebugProgress) {
    this.jobs.set(dockSn, { method, ...jobProgress(data, nowIso(this.now())) });
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
