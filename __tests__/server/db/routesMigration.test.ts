import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import * as identity from '../../../server/db/migrations/001_identity';
import * as domain from '../../../server/db/migrations/002_domain';
import * as routes from '../../../server/db/migrations/006_routes';
import type { Database } from '../../../server/db/schema';

describe('migration 006_routes on a database with routes of the old model', () => {
  it('turns each waypoint action into an action list and gives every route settings and a battery estimate', async () => {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    const ctx = { dialect: 'sqlite' as const };
    await identity.up(db as unknown as Kysely<unknown>, ctx);
    await domain.up(db as unknown as Kysely<unknown>, ctx);
    const now = '2026-01-01T00:00:00.000Z';
    const project = await db
      .insertInto('projects')
      .values({ name: 'P', description: null, area: null, status: 'active', dept_id: null, members: '[]', created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = [
      { lat: 22.5, lng: 114, alt: 100, speed: 10, action: 'photo' },
      { lat: 22.51, lng: 114, alt: 100, speed: 10, action: 'hover' },
      { lat: 22.52, lng: 114, alt: 100, speed: 10, action: 'none' },
      { lat: 22.53, lng: 114, alt: 100, speed: 10, action: 'video_start' },
    ];
    await db
      .insertInto('routes')
      .values({
        project_id: project.id,
        name: 'Old',
        waypoints: JSON.stringify(old),
        length_m: 3335.8,
        duration_s: 333.6,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();

    await routes.up(db as unknown as Kysely<unknown>, ctx);

    const row = await db.selectFrom('routes').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.waypoints).map((w: { actions: unknown }) => w.actions)).toEqual([
      [{ type: 'takePhoto' }],
      [{ type: 'hover', seconds: 5 }],
      [],
      [{ type: 'startRecord' }],
    ]);
    expect(JSON.parse(row.waypoints)[0]).toEqual({
      lat: 22.5,
      lng: 114,
      alt: 100,
      speed: 10,
      heading_mode: 'followWayline',
      heading_angle: 0,
      turn_mode: 'toPointAndStopWithDiscontinuityCurvature',
      actions: [{ type: 'takePhoto' }],
    });
    expect(JSON.parse(row.settings!)).toMatchObject({ drone_model: '0-77-0', rc_lost_action: 0, rth_altitude: 100 });
    // 333.6 s of legs + 7 s of actions (photo 1, hover 5, record 1) over the Mavic 3E's 2160 s.
    expect(row.battery_pct).toBe(15.8);
    expect((await db.selectFrom('projects').select('ceiling_m').executeTakeFirstOrThrow()).ceiling_m).toBeNull();
    await db.destroy();
  });
});
