import { nowIso } from '../../db/time';
import { DAY, DEMO_COUNTS, type DemoContext } from './context';
import type { FlownPlan } from './airspace';
import { projectCentre, type DemoProjects } from './projects';

/** Flight reports: one for each flown plan, the rest ad-hoc flights of the last 30 days, each with a short track. */
export async function seedFlightReports({ db, rand, now }: DemoContext, projects: DemoProjects, aircraft: number[], flownPlans: FlownPlan[]): Promise<void> {
  const at = (ms: number) => nowIso(ms);
  const reports = [];
  for (let i = 0; i < DEMO_COUNTS.reports; i++) {
    const linked = flownPlans[i];
    const p = i % 4;
    const takeoff = linked ? linked.start : now - Math.floor(rand() * 30) * DAY - Math.floor(rand() * 10) * 3_600_000 - 3_600_000;
    const duration = 600 + Math.floor(rand() * 2400);
    const { lat, lng } = projectCentre(p);
    const track = Array.from({ length: 8 }, (_, k) => [lng + Math.cos(k / 1.3) * 0.008, lat + Math.sin(k / 1.3) * 0.008, 60 + k * 5]);
    reports.push({
      plan_id: linked?.id ?? null,
      project_id: linked?.project ?? projects.projectIds[p],
      device_id: linked?.device ?? aircraft[Math.floor(rand() * aircraft.length)],
      takeoff_at: at(takeoff),
      landing_at: at(takeoff + duration * 1000),
      duration_s: duration,
      distance_m: Math.round(duration * (6 + rand() * 6)),
      max_alt: 60 + Math.floor(rand() * 60),
      track: JSON.stringify({ type: 'LineString', coordinates: track }),
      created_at: at(takeoff + duration * 1000),
      updated_at: at(takeoff + duration * 1000),
    });
  }
  await db.insertInto('flight_reports').values(reports).execute();
}
