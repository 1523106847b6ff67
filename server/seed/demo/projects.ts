import { routeMetrics } from '@shared/wayline/metrics';
import { DEFAULT_ROUTE_SETTINGS, type WaylineAction, waypointSchema } from '@shared/wayline/model';
import { DEMO_CENTER, square, type DemoContext } from './context';
import type { DemoOrganisation } from './accounts';

/** The demo projects: where each lies (degrees off DEMO_CENTER) and its status. */
export const PROJECT_DEFS = [
  { name: '深圳湾岸线巡检', dLat: -0.03, dLng: -0.05, status: 'active' },
  { name: '福田CBD楼宇测绘', dLat: 0.0, dLng: 0.0, status: 'active' },
  { name: '梅林水库安防巡逻', dLat: 0.05, dLng: 0.02, status: 'planning' },
  { name: '前海电力线路巡检', dLat: -0.01, dLng: -0.12, status: 'paused' },
] as const;

/** The centre of a demo project (index into PROJECT_DEFS). */
export const projectCentre = (p: number) => ({ lat: DEMO_CENTER.lat + PROJECT_DEFS[p].dLat, lng: DEMO_CENTER.lng + PROJECT_DEFS[p].dLng });

export interface DemoProjects {
  /** By PROJECT_DEFS index. */
  projectIds: number[];
  /** Each project's two routes, by PROJECT_DEFS index. */
  routeIds: number[][];
}

/** The projects with their areas, members (admin and the pilots) and two circular routes each. */
export async function seedProjects({ db, stamp }: DemoContext, org: DemoOrganisation): Promise<DemoProjects> {
  const projectIds: number[] = [];
  const routeIds: number[][] = [];
  for (const [p, def] of PROJECT_DEFS.entries()) {
    const { lat, lng } = projectCentre(p);
    const project = await db
      .insertInto('projects')
      .values({
        name: def.name,
        description: `${def.name}（演示项目）`,
        area: JSON.stringify({ type: 'Polygon', coordinates: square(lat, lng, 0.012) }),
        status: def.status,
        dept_id: org.deptIds[p % 3],
        members: JSON.stringify([org.adminId, ...org.pilots]),
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectIds.push(project.id);
    const routes: number[] = [];
    for (let r = 0; r < 2; r++) {
      const waypoints = Array.from({ length: 6 }, (_, w) => {
        const angle = (w / 6) * 2 * Math.PI + r;
        const actions: WaylineAction[] = w === 0 ? [{ type: 'gimbalRotate', pitch: -45 }] : w % 2 ? [{ type: 'takePhoto' }] : [];
        return waypointSchema.parse({ lat: lat + Math.sin(angle) * 0.008, lng: lng + Math.cos(angle) * 0.008, alt: 80 + r * 40, speed: 8 + r * 2, actions });
      });
      const settings = DEFAULT_ROUTE_SETTINGS;
      const route = await db
        .insertInto('routes')
        .values({
          project_id: project.id,
          name: `${def.name} 航线${r + 1}`,
          waypoints: JSON.stringify(waypoints),
          settings: JSON.stringify(settings),
          ...routeMetrics(waypoints, settings.drone_model),
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      routes.push(route.id);
    }
    routeIds.push(routes);
  }
  return { projectIds, routeIds };
}
