import type { Kysely } from 'kysely';
import { routeMetrics } from '@shared/wayline/metrics';
import type { WaylineAction } from '@shared/wayline/model';
import type { MigrationContext } from '../migrationHelpers';

/**
 * The route library (issue 15): routes gain their WPML settings and a battery estimate, waypoints their heading,
 * turn mode and action list; projects an optional height ceiling (metres) routes must stay under.
 */

/** The settings every route had implicitly before: a Mavic 3E with its camera, relative heights, return home when done. */
const SETTINGS_BEFORE = {
  height_mode: 'relativeToStartPoint',
  auto_flight_speed: 10,
  takeoff_security_height: 20,
  fly_to_wayline_mode: 'safely',
  finish_action: 'goHome',
  rc_lost_action: 0,
  exit_wayline_when_rc_lost: 1,
  rth_altitude: 100,
  drone_model: '0-77-0',
  payload_model: '1-66-0',
  payload_position: 0,
};

/** The one `action` a waypoint had → its action list (the old hover and rotate had no parameters: 5 s, a quarter turn). */
const ACTIONS_OF: Record<string, WaylineAction[]> = {
  none: [],
  photo: [{ type: 'takePhoto' }],
  video_start: [{ type: 'startRecord' }],
  video_stop: [{ type: 'stopRecord' }],
  hover: [{ type: 'hover', seconds: 5 }],
  rotate: [{ type: 'rotateYaw', heading: 90 }],
};

interface OldWaypoint {
  lat: number;
  lng: number;
  alt: number;
  speed: number;
  action?: string;
}

export const upgradeWaypoint = ({ action, ...rest }: OldWaypoint) => ({
  ...rest,
  heading_mode: 'followWayline',
  heading_angle: 0,
  turn_mode: 'toPointAndStopWithDiscontinuityCurvature',
  actions: ACTIONS_OF[action ?? 'none'] ?? [],
});

interface Tables {
  routes: { id: number; waypoints: string; settings: string | null; battery_pct: number };
}

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('routes').addColumn('settings', 'text').execute();
  await db.schema
    .alterTable('routes')
    .addColumn('battery_pct', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('projects').addColumn('ceiling_m', 'double precision').execute();

  const typed = db as unknown as Kysely<Tables>;
  const rows = await typed.selectFrom('routes').select(['id', 'waypoints']).execute();
  for (const row of rows) {
    const waypoints = (JSON.parse(row.waypoints) as OldWaypoint[]).map(upgradeWaypoint);
    await typed
      .updateTable('routes')
      .set({
        waypoints: JSON.stringify(waypoints),
        settings: JSON.stringify(SETTINGS_BEFORE),
        battery_pct: routeMetrics(waypoints, SETTINGS_BEFORE.drone_model).battery_pct,
      })
      .where('id', '=', row.id)
      .execute();
  }
}
