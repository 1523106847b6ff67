import { DEMO_CENTER, DEMO_COUNTS, square, type DemoContext } from './context';
import type { DemoProjects } from './projects';

/** GIS features around the city: 4 landing sites (points), 3 power lines (polylines), 3 no-fly zones (polygons). */
export async function seedFeatures({ db, rand, stamp }: DemoContext, projects: DemoProjects): Promise<void> {
  const features = [];
  for (let i = 0; i < DEMO_COUNTS.features; i++) {
    const lat = DEMO_CENTER.lat + (rand() - 0.5) * 0.1;
    const lng = DEMO_CENTER.lng + (rand() - 0.5) * 0.15;
    const geometry =
      i < 4
        ? { type: 'Point', coordinates: [lng, lat] }
        : i < 7
          ? {
              type: 'LineString',
              coordinates: [
                [lng, lat],
                [lng + 0.01, lat + 0.004],
                [lng + 0.02, lat + 0.001],
              ],
            }
          : { type: 'Polygon', coordinates: square(lat, lng, 0.004) };
    features.push({
      project_id: i % 3 === 0 ? null : projects.projectIds[i % 4],
      name: i < 4 ? `起降点${i + 1}` : i < 7 ? `巡检线路${i - 3}` : `禁飞区${i - 6}`,
      category: i < 4 ? 'landing_site' : i < 7 ? 'powerline' : 'no_fly_zone',
      geometry: JSON.stringify(geometry),
      style: JSON.stringify(i < 7 ? { color: '#1976d2', weight: 3 } : { color: '#d32f2f', fillOpacity: 0.2 }),
      properties: JSON.stringify({ note: '演示数据' }),
      ...stamp,
    });
  }
  await db.insertInto('features').values(features).execute();
}
