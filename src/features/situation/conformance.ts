import type { Plan } from '@shared/entities/airspace';
import type { AreaOverlay } from '../map';

type Polygon = AreaOverlay['area'];

/**
 * The monitored plans to draw now, each with its application's approved area: those whose window holds `now`, and
 * those still flying (activated, nonconforming) after it. Pure.
 */
export function activePlans(plans: readonly Plan[], areas: readonly Pick<AreaOverlay, 'id' | 'area'>[], now: number): { plan: Plan; area: Polygon }[] {
  const byApplication = new Map(areas.map((a) => [a.id, a.area]));
  return plans.flatMap((plan) => {
    const area = byApplication.get(plan.application_id);
    const inWindow = Date.parse(plan.planned_start_at) <= now && now <= Date.parse(plan.planned_end_at);
    return area && (inWindow || plan.status !== 'accepted') ? [{ plan, area }] : [];
  });
}
