import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import { HttpError } from '../../http/envelope';
import { SYSTEM } from '../../domain/transitions';
import type { MissionService } from './missions';

/** Refusals that mean another instance (or a user) got the task first: nothing to record. */
const TAKEN = new Set(['mission.already_dispatched', 'mission.command_not_applicable']);

/**
 * Dispatches timed tasks when their time comes. Every instance may run one: MissionService.execute claims the task
 * with one conditional UPDATE (status scheduled, no flight_id yet), so exactly one instance sends it. A task that
 * cannot fly at its time (offline aircraft, weather, no plan…) fails with the reason.
 */
export class TaskScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly missions: Pick<MissionService, 'execute' | 'fail'>,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    private readonly now: () => number = Date.now,
  ) {}

  /** Dispatches the tasks due now; resolves with how many this instance sent. */
  async tick(): Promise<number> {
    const due = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'scheduled')
      .where('flight_id', 'is', null)
      .where('scheduled_at', '<=', nowIso(this.now()))
      .orderBy('scheduled_at')
      .limit(50)
      .execute();
    let sent = 0;
    for (const { id } of due) {
      try {
        await this.missions.execute(id, SYSTEM, 'timed');
        sent++;
      } catch (error) {
        const code = error instanceof HttpError ? error.reason?.code : undefined;
        if (code && TAKEN.has(code)) continue;
        // Refused before the claim: record why on the still unclaimed task. A failed dispatch is recorded by execute.
        if (error instanceof HttpError && error.status === 409) await this.missions.fail(id, null, error.message, SYSTEM);
        else this.log.warn({ err: error, taskId: id }, 'scheduler: dispatch failed');
      }
    }
    return sent;
  }

  start(intervalMs: number): void {
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => {
      // One pass at a time on this instance.
      this.running ??= this.tick()
        .catch((error: unknown) => (this.log.warn({ err: error }, 'scheduler: pass failed'), 0))
        .finally(() => (this.running = undefined));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
