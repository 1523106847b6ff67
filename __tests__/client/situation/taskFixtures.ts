import type { Task } from '@shared/entities/task';

/** A running task of aircraft 5 on route 9, at its second waypoint. */
export const flyingTask: Task = {
  id: 19,
  name: '深圳湾巡检',
  project_id: 1,
  route_id: 9,
  device_id: 5,
  pilot_id: null,
  project_name: '深圳湾项目',
  route_name: '航线A',
  device_name: 'Dam 2',
  pilot_name: null,
  kind: 'inspection',
  status: 'running',
  scheduled_at: null,
  started_at: '2026-12-07T08:00:00.000Z',
  finished_at: null,
  flight_id: 'f-19',
  progress: { status: 'in_progress', percent: 40, current_step: 1, waypoint_index: 1 },
  dispatch_error: null,
  actions: ['complete', 'fail'],
  editable: false,
  deletable: false,
  created_at: '2026-12-07T07:00:00.000Z',
  updated_at: '2026-12-07T08:00:00.000Z',
};
export const routeOfTask = (id: number) => ({
  id,
  name: '航线A',
  waypoints: [0, 1, 2].map((i) => ({ lat: 22.54 + i / 1000, lng: 114.05, alt: 60, speed: 8 })),
});
