import { nowIso } from '../../db/time';
import { DAY, DEMO_COUNTS, type DemoContext } from './context';
import type { DemoOrganisation } from './accounts';
import { PROJECT_DEFS, type DemoProjects } from './projects';

const TASK_STATUSES = ['pending', 'scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
const TASK_KINDS = ['inspection', 'mapping', 'patrol'] as const;

/** Three tasks in every status, over the projects, their routes, the aircraft and the pilots; resolves with their ids. */
export async function seedTasks({ db, now }: DemoContext, org: DemoOrganisation, projects: DemoProjects, aircraft: number[]): Promise<number[]> {
  const at = (ms: number) => nowIso(ms);
  const taskIds: number[] = [];
  for (let i = 0; i < DEMO_COUNTS.tasks; i++) {
    const status = TASK_STATUSES[i % 6];
    const p = i % 4;
    // Pending and scheduled tasks lie ahead; the others have happened.
    const scheduled = status === 'pending' || status === 'scheduled' ? now + (i + 1) * (DAY / 4) : now - (i + 1) * (DAY / 2);
    const row = await db
      .insertInto('tasks')
      .values({
        name: `${PROJECT_DEFS[p].name} 任务${i + 1}`,
        project_id: projects.projectIds[p],
        route_id: projects.routeIds[p][i % 2],
        device_id: aircraft[i % aircraft.length],
        pilot_id: org.pilots[i % 2],
        kind: TASK_KINDS[i % 3],
        status,
        scheduled_at: status === 'pending' ? null : at(scheduled),
        started_at: ['running', 'done', 'failed'].includes(status) ? at(scheduled + 600_000) : null,
        finished_at: ['done', 'failed'].includes(status) ? at(scheduled + 2_400_000) : null,
        created_at: at(now - (20 - i) * DAY),
        updated_at: at(now - (20 - i) * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    taskIds.push(row.id);
  }
  return taskIds;
}
