import { nowIso } from '../../db/time';
import { DAY, DEMO_CENTER, DEMO_COUNTS, square, type DemoContext } from './context';
import type { DemoOrganisation } from './accounts';
import { projectCentre, PROJECT_DEFS, type DemoProjects } from './projects';

/** Centres (degrees off DEMO_CENTER) of the four ~6 km squares that together cover the simulator's ~5 km ring of circuits. */
const CURRENT_AIRSPACE_QUADRANTS = [
  { dLat: 0.03, dLng: -0.03, name: '西北' },
  { dLat: 0.03, dLng: 0.03, name: '东北' },
  { dLat: -0.03, dLng: -0.03, name: '西南' },
  { dLat: -0.03, dLng: 0.03, name: '东南' },
] as const;

const APPLICATION_STATUSES = ['approved', 'approved', 'approved', 'submitted', 'draft', 'rejected', 'cancelled', 'approved'] as const;
/** The status of each approved application's plan, in turn. */
const PLAN_STATUSES = ['ended', 'ended', 'ended', 'accepted', 'filed', 'rejected', 'cancelled', 'ended'] as const;

/** A plan that was flown (ended): its flight report is seeded with it. */
export interface FlownPlan {
  id: number;
  device: number;
  project: number;
  start: number;
}

/**
 * Airspace applications over the last 30 days in every status (by the pilots, reviewed by admin), a flight plan for
 * each approved one, then the airspace approved around now (seedCurrentAirspace); resolves with the plans flown.
 */
export async function seedAirspace(
  ctx: DemoContext,
  org: DemoOrganisation,
  projects: DemoProjects,
  aircraft: number[],
  taskIds: number[],
): Promise<FlownPlan[]> {
  const { db, now } = ctx;
  const at = (ms: number) => nowIso(ms);
  const flownPlans: FlownPlan[] = [];
  let planIndex = 0;
  for (let i = 0; i < DEMO_COUNTS.applications - CURRENT_AIRSPACE_QUADRANTS.length; i++) {
    const status = APPLICATION_STATUSES[i % 8];
    const p = i % 4;
    const start = now - (29 - i * 1.8) * DAY;
    const device = aircraft[(i * 3) % aircraft.length];
    const created = at(start - 2 * DAY);
    const centre = projectCentre(p);
    const application = await db
      .insertInto('airspace_applications')
      .values({
        applicant_id: org.pilots[i % 2],
        device_id: device,
        area: JSON.stringify({ type: 'Polygon', coordinates: square(centre.lat, centre.lng, 0.015) }),
        min_alt: 0,
        max_alt: 120,
        start_at: at(start),
        end_at: at(start + 4 * 3_600_000),
        purpose: `${PROJECT_DEFS[p].name} 飞行作业`,
        status,
        reviewer_id: ['approved', 'rejected'].includes(status) ? org.adminId : null,
        review_note: status === 'rejected' ? '与临时管制区冲突' : status === 'approved' ? '同意' : null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status !== 'approved') continue;
    const planStatus = PLAN_STATUSES[planIndex++];
    const plan = await db
      .insertInto('flight_plans')
      .values({
        application_id: application.id,
        task_id: taskIds[(i * 5) % taskIds.length],
        route_id: projects.routeIds[p][0],
        device_id: device,
        status: planStatus,
        planned_start_at: at(start + 3_600_000),
        planned_end_at: at(start + 2 * 3_600_000),
        note: null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (planStatus === 'ended') flownPlans.push({ id: plan.id, device, project: projects.projectIds[p], start: start + 3_600_000 });
  }
  await seedCurrentAirspace(ctx, org.adminId, org.pilots[0]);
  return flownPlans;
}

/**
 * Approved airspace around now (from an hour ago for 24 h, the longest window the rules allow) over the area the
 * simulator flies, so the live view has something to be in conformance with. The squares share edges only, stay
 * under 120 m and under 100 km² each: what the rules would have let a reviewer approve.
 */
async function seedCurrentAirspace({ db, now }: DemoContext, reviewerId: number, applicantId: number): Promise<void> {
  const at = (ms: number) => nowIso(ms);
  const start = at(now - 3_600_000);
  await db
    .insertInto('airspace_applications')
    .values(
      CURRENT_AIRSPACE_QUADRANTS.map((q) => ({
        applicant_id: applicantId,
        device_id: null,
        area: JSON.stringify({ type: 'Polygon', coordinates: square(DEMO_CENTER.lat + q.dLat, DEMO_CENTER.lng + q.dLng, 0.03) }),
        min_alt: 0,
        max_alt: 120,
        start_at: start,
        end_at: at(now + 23 * 3_600_000),
        purpose: `演示：模拟器飞行区域（${q.name}）`,
        purpose_kind: 'routine',
        status: 'approved',
        reviewer_id: reviewerId,
        review_note: '演示空域',
        created_at: at(now - DAY),
        updated_at: at(now - DAY),
      })),
    )
    .execute();
}
