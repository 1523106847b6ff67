import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from '../auth/password';
import { deriveOwnership } from '../db/ownership';
import type { Database } from '../db/schema';
import { nowIso } from '../db/time';
import type { DeviceStatus } from '@shared/live';
import { routeMetrics } from '@shared/wayline/metrics';
import { DEFAULT_ROUTE_SETTINGS, type WaylineAction, waypointSchema } from '@shared/wayline/model';
import { ADMIN_USERNAME } from './admin';

/** The order seeded devices take their stored status in (any value outside the shared DeviceStatus set fails to compile). */
const SEED_STATUS_CYCLE: readonly DeviceStatus[] = ['online', 'offline', 'flying', 'maintenance'];

/** Demo accounts (besides admin); each gets a random password at seeding, printed once in the start-up banner. */
export const DEMO_USERS = [
  { username: 'operator1', name: '张飞手', dept: 1, role: 'operator' },
  { username: 'operator2', name: '李飞手', dept: 2, role: 'operator' },
  { username: 'viewer1', name: '王观察', dept: 1, role: 'viewer' },
  { username: 'viewer2', name: '赵观察', dept: 2, role: 'viewer' },
  { username: 'qa1', name: '孙测试', dept: 0, role: 'qa' },
] as const;

export type DemoUsername = (typeof DEMO_USERS)[number]['username'];
/** The generated password of every demo account, known only to the start that seeded them. */
export type DemoPasswords = Record<DemoUsername, string>;

/** What the demo seed creates; tests rely on these numbers. */
export const DEMO_COUNTS = {
  departments: 3,
  roles: 4,
  users: 6,
  devices: 30,
  projects: 4,
  routes: 8,
  tasks: 18,
  /** 16 over the last 30 days + 4 approved now over the simulator's flying area (see seedCurrentAirspace). */
  applications: 20,
  plans: 8,
  reports: 30,
  features: 10,
  notices: 5,
} as const;

/** City centre the demo is drawn around (Shenzhen). */
export const DEMO_CENTER = { lat: 22.54, lng: 114.05 };
const DAY = 86_400_000;

/** mulberry32: a tiny seeded PRNG so every demo database has the same content. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Centres (degrees off DEMO_CENTER) of the four ~6 km squares that together cover the simulator's ~5 km ring of circuits. */
const CURRENT_AIRSPACE_QUADRANTS = [
  { dLat: 0.03, dLng: -0.03, name: '西北' },
  { dLat: 0.03, dLng: 0.03, name: '东北' },
  { dLat: -0.03, dLng: -0.03, name: '西南' },
  { dLat: -0.03, dLng: 0.03, name: '东南' },
] as const;

/**
 * Approved airspace around now (from an hour ago for 24 h, the longest window the rules allow) over the area the
 * simulator flies, so the live view has something to be in conformance with. The squares share edges only, stay
 * under 120 m and under 100 km² each: what the rules would have let a reviewer approve.
 */
async function seedCurrentAirspace(db: Kysely<Database>, reviewerId: number, applicantId: number, now: number): Promise<void> {
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

function square(lat: number, lng: number, half: number): number[][][] {
  return [
    [
      [lng - half, lat - half],
      [lng + half, lat - half],
      [lng + half, lat + half],
      [lng - half, lat + half],
      [lng - half, lat - half],
    ],
  ];
}

/** The banner line with the demo logins (the e2e support reads the passwords back from it). */
export function describeDemoLogins(passwords: DemoPasswords): string {
  const logins = DEMO_USERS.map((u) => `${u.username} / ${passwords[u.username]}`).join(', ');
  return `Demo logins: ${logins}   (demo data seeded now; passwords generated now and shown only once; DEMO_SEED=0 skips the demo)`;
}

/**
 * Seeds the demo data once, on a fresh database: the settings row "demo_seed" is inserted first in the same
 * transaction, so of several instances starting together only one seeds. Returns the demo passwords when it seeded.
 */
export async function seedDemoIfEmpty(db: Kysely<Database>, now: number = Date.now()): Promise<DemoPasswords | null> {
  const existing = await db.selectFrom('settings').select('value').where('key', '=', 'demo_seed').executeTakeFirst();
  if (existing) return null;
  const passwords = Object.fromEntries(DEMO_USERS.map((u) => [u.username, generatePassword()])) as DemoPasswords;
  // One after the other: each hash takes 128 MiB.
  const hashes: string[] = [];
  for (const u of DEMO_USERS) hashes.push(await hashPassword(passwords[u.username]));
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('settings')
      .values({ key: 'demo_seed', value: nowIso(now) })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
    const devicesBefore = await trx
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    if (Number(devicesBefore?.n ?? 0) > 0) return null;
    await insertDemo(trx, hashes, now);
    // Departments and creators of the data scope, from the projects and applicants the rows belong to.
    await deriveOwnership(trx);
    return passwords;
  });
}

async function insertDemo(db: Kysely<Database>, hashes: string[], now: number): Promise<void> {
  const rand = prng(20260101);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)];
  const at = (ms: number) => nowIso(ms);
  const stamp = { created_at: at(now - 40 * DAY), updated_at: at(now - 40 * DAY) };
  const ids = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows).map((r) => r.id);

  // Organisation
  const [hq] = await ids(
    db
      .insertInto('departments')
      .values({ name: '飞行运营中心', parent_id: null, sort: 0, ...stamp })
      .returning('id')
      .execute(),
  );
  const teams = await ids(
    db
      .insertInto('departments')
      .values([
        { name: '巡检一队', parent_id: hq, sort: 1, ...stamp },
        { name: '巡检二队', parent_id: hq, sort: 2, ...stamp },
      ])
      .returning('id')
      .execute(),
  );
  const deptIds = [hq, ...teams];
  const roles = await db.selectFrom('roles').select(['id', 'code']).execute();
  const roleId = (code: string) => roles.find((r) => r.code === code)!.id;

  const admin = await db.selectFrom('users').select('id').where('username', '=', ADMIN_USERNAME).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ dept_id: hq }).where('id', '=', admin.id).execute();
  const userIds: number[] = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    const row = await db
      .insertInto('users')
      .values({
        username: u.username,
        display_name: u.name,
        password_hash: hashes[i],
        phone: `1380000000${i + 1}`,
        email: `${u.username}@skyline.example`,
        is_active: 1,
        dept_id: deptIds[u.dept],
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ user_id: row.id, role_id: roleId(u.role) })
      .execute();
    userIds.push(row.id);
  }
  const pilots = userIds.slice(0, 2);

  // Menu/API resources (tree)
  const menu: [string, string, string | null, string, string[]][] = [
    ['menu:home', '首页', '/home', 'home', []],
    ['menu:device', '设备管理', '/device', 'flight', ['api:device']],
    ['menu:project', '项目管理', '/project', 'folder', ['api:route']],
    ['menu:task', '任务管理', '/task', 'task', []],
    ['menu:airspace', '空域管理', '/airspace', 'cloud', ['menu:airspace:apply', 'menu:airspace:plan', 'menu:airspace:report']],
    ['menu:map', '地图', '/map', 'map', []],
    [
      'menu:system',
      '系统管理',
      '/system',
      'settings',
      ['menu:system:dept', 'menu:system:role', 'menu:system:resource', 'menu:system:user', 'menu:system:audit'],
    ],
  ];
  let sort = 0;
  for (const [code, name, path, icon, children] of menu) {
    const parent = await db
      .insertInto('resources')
      .values({ code, name, kind: 'menu', path, icon, parent_id: null, sort: sort++, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const child of children) {
      const kind = child.startsWith('api:') ? 'api' : 'menu';
      await db
        .insertInto('resources')
        .values({
          code: child,
          name: child.split(':').pop()!,
          kind,
          path: kind === 'menu' ? `${path}/${child.split(':').pop()}` : null,
          icon: null,
          parent_id: parent.id,
          sort: sort++,
          ...stamp,
        })
        .execute();
    }
  }

  // Devices: 20 aircraft, 5 docks, 5 remote controllers
  const models = {
    aircraft: ['Matrice 350 RTK', 'Matrice 30T', 'Mavic 3 Enterprise', 'Matrice 3TD'],
    dock: ['DJI Dock 2', 'DJI Dock 3'],
    remote_controller: ['DJI RC Plus', 'DJI RC Pro Enterprise'],
  };
  const deviceRows = Array.from({ length: DEMO_COUNTS.devices }, (_, i) => {
    const kind = i < 20 ? 'aircraft' : i < 25 ? 'dock' : 'remote_controller';
    const status = SEED_STATUS_CYCLE[i % SEED_STATUS_CYCLE.length];
    return {
      serial: `1581F5FHD${(0x23a00 + i * 37).toString(16).toUpperCase().padStart(6, '0')}`,
      name: `${kind === 'aircraft' ? '无人机' : kind === 'dock' ? '机场' : '遥控器'}-${String(i + 1).padStart(2, '0')}`,
      model: pick(models[kind]),
      kind,
      firmware: `v${1 + Math.floor(rand() * 3)}.${Math.floor(rand() * 10)}.${Math.floor(rand() * 100)}`,
      dept_id: deptIds[i % 3],
      status,
      photo: null,
      last_seen_at: at(now - Math.floor(rand() * 3 * DAY)),
      last_lat: DEMO_CENTER.lat + (rand() - 0.5) * 0.2,
      last_lng: DEMO_CENTER.lng + (rand() - 0.5) * 0.3,
      last_alt: status === 'flying' ? 80 + Math.floor(rand() * 100) : 0,
      battery: Math.floor(20 + rand() * 80),
      ...stamp,
    };
  });
  const deviceIds = await ids(db.insertInto('devices').values(deviceRows).returning('id').execute());
  const aircraft = deviceIds.slice(0, 20);

  // Projects with areas and two routes each
  const projectDefs = [
    { name: '深圳湾岸线巡检', dLat: -0.03, dLng: -0.05, status: 'active' },
    { name: '福田CBD楼宇测绘', dLat: 0.0, dLng: 0.0, status: 'active' },
    { name: '梅林水库安防巡逻', dLat: 0.05, dLng: 0.02, status: 'planning' },
    { name: '前海电力线路巡检', dLat: -0.01, dLng: -0.12, status: 'paused' },
  ];
  const projectIds: number[] = [];
  const routeIds: number[][] = [];
  for (const [p, def] of projectDefs.entries()) {
    const lat = DEMO_CENTER.lat + def.dLat;
    const lng = DEMO_CENTER.lng + def.dLng;
    const project = await db
      .insertInto('projects')
      .values({
        name: def.name,
        description: `${def.name}（演示项目）`,
        area: JSON.stringify({ type: 'Polygon', coordinates: square(lat, lng, 0.012) }),
        status: def.status,
        dept_id: deptIds[p % 3],
        members: JSON.stringify([admin.id, ...pilots]),
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

  // Tasks: three in every status
  const taskStatuses = ['pending', 'scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
  const taskKinds = ['inspection', 'mapping', 'patrol'] as const;
  const taskIds: number[] = [];
  for (let i = 0; i < DEMO_COUNTS.tasks; i++) {
    const status = taskStatuses[i % 6];
    const p = i % 4;
    // Pending and scheduled tasks lie ahead; the others have happened.
    const scheduled = status === 'pending' || status === 'scheduled' ? now + (i + 1) * (DAY / 4) : now - (i + 1) * (DAY / 2);
    const row = await db
      .insertInto('tasks')
      .values({
        name: `${projectDefs[p].name} 任务${i + 1}`,
        project_id: projectIds[p],
        route_id: routeIds[p][i % 2],
        device_id: aircraft[i % aircraft.length],
        pilot_id: pilots[i % 2],
        kind: taskKinds[i % 3],
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

  // Airspace: applications over the last 30 days, plans for the approved ones, reports for flown plans plus ad-hoc flights
  const appStatuses = ['approved', 'approved', 'approved', 'submitted', 'draft', 'rejected', 'cancelled', 'approved'] as const;
  const planStatuses = ['ended', 'ended', 'ended', 'accepted', 'filed', 'rejected', 'cancelled', 'ended'] as const;
  const flownPlans: { id: number; device: number; project: number; start: number }[] = [];
  let planIndex = 0;
  for (let i = 0; i < DEMO_COUNTS.applications - CURRENT_AIRSPACE_QUADRANTS.length; i++) {
    const status = appStatuses[i % 8];
    const p = i % 4;
    const start = now - (29 - i * 1.8) * DAY;
    const device = aircraft[(i * 3) % aircraft.length];
    const created = at(start - 2 * DAY);
    const application = await db
      .insertInto('airspace_applications')
      .values({
        applicant_id: pilots[i % 2],
        device_id: device,
        area: JSON.stringify({ type: 'Polygon', coordinates: square(DEMO_CENTER.lat + projectDefs[p].dLat, DEMO_CENTER.lng + projectDefs[p].dLng, 0.015) }),
        min_alt: 0,
        max_alt: 120,
        start_at: at(start),
        end_at: at(start + 4 * 3_600_000),
        purpose: `${projectDefs[p].name} 飞行作业`,
        status,
        reviewer_id: ['approved', 'rejected'].includes(status) ? admin.id : null,
        review_note: status === 'rejected' ? '与临时管制区冲突' : status === 'approved' ? '同意' : null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status !== 'approved') continue;
    const planStatus = planStatuses[planIndex++];
    const plan = await db
      .insertInto('flight_plans')
      .values({
        application_id: application.id,
        task_id: taskIds[(i * 5) % taskIds.length],
        route_id: routeIds[p][0],
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
    if (planStatus === 'ended') flownPlans.push({ id: plan.id, device, project: projectIds[p], start: start + 3_600_000 });
  }
  await seedCurrentAirspace(db, admin.id, pilots[0], now);
  const reports = [];
  for (let i = 0; i < DEMO_COUNTS.reports; i++) {
    const linked = flownPlans[i];
    const p = i % 4;
    const takeoff = linked ? linked.start : now - Math.floor(rand() * 30) * DAY - Math.floor(rand() * 10) * 3_600_000 - 3_600_000;
    const duration = 600 + Math.floor(rand() * 2400);
    const lat = DEMO_CENTER.lat + projectDefs[p].dLat;
    const lng = DEMO_CENTER.lng + projectDefs[p].dLng;
    const track = Array.from({ length: 8 }, (_, k) => [lng + Math.cos(k / 1.3) * 0.008, lat + Math.sin(k / 1.3) * 0.008, 60 + k * 5]);
    reports.push({
      plan_id: linked?.id ?? null,
      project_id: linked?.project ?? projectIds[p],
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

  // GIS features: 4 points, 3 polylines, 3 polygons
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
      project_id: i % 3 === 0 ? null : projectIds[i % 4],
      name: i < 4 ? `起降点${i + 1}` : i < 7 ? `巡检线路${i - 3}` : `禁飞区${i - 6}`,
      category: i < 4 ? 'landing_site' : i < 7 ? 'powerline' : 'no_fly_zone',
      geometry: JSON.stringify(geometry),
      style: JSON.stringify(i < 7 ? { color: '#1976d2', weight: 3 } : { color: '#d32f2f', fillOpacity: 0.2 }),
      properties: JSON.stringify({ note: '演示数据' }),
      ...stamp,
    });
  }
  await db.insertInto('features').values(features).execute();

  const notices = [
    ['平台上线通知', 'Skyline Ops 运营平台正式上线。', 'info'],
    ['空域管制提醒', '本周六 09:00-12:00 深圳湾区域临时管制，请勿申请该时段空域。', 'warning'],
    ['固件升级', 'Matrice 350 RTK 固件 v2.1 已发布，请尽快升级。', 'info'],
    ['台风预警', '台风将于48小时内登陆，所有外场任务暂停。', 'urgent'],
    ['月度安全培训', '月度飞行安全培训将于下周三举行。', 'info'],
  ] as const;
  await db
    .insertInto('notices')
    .values(
      notices.map(([title, content, level], i) => ({
        title,
        content,
        level,
        publish_at: at(now - (10 - i * 2) * DAY),
        created_by: admin.id,
        created_at: at(now - (10 - i * 2) * DAY),
        updated_at: at(now - (10 - i * 2) * DAY),
      })),
    )
    .execute();
}

/** Bulk devices for benchmarks: batched multi-row inserts in one transaction. Returns how many were inserted. */
export async function seedBulkDevices(db: Kysely<Database>, count: number, batch = 500): Promise<number> {
  const rand = prng(count);
  const models = ['Matrice 350 RTK', 'Matrice 30T', 'Mavic 3 Enterprise', 'Matrice 3TD', 'DJI Dock 2'];
  const base = Number(
    (
      await db
        .selectFrom('devices')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batch) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const n = base + i + 1;
        const created = nowIso(now - (count - i) * 1000);
        rows.push({
          serial: `1581F5FHB${n.toString(36).toUpperCase().padStart(7, '0')}`,
          name: `设备-${n}`,
          model: models[n % models.length],
          kind: n % 5 === 4 ? 'dock' : 'aircraft',
          firmware: 'v1.0.0',
          dept_id: null,
          status: SEED_STATUS_CYCLE[n % SEED_STATUS_CYCLE.length],
          photo: null,
          last_seen_at: created,
          last_lat: DEMO_CENTER.lat + (rand() - 0.5) * 0.5,
          last_lng: DEMO_CENTER.lng + (rand() - 0.5) * 0.5,
          last_alt: 0,
          battery: Math.floor(rand() * 100),
          created_at: created,
          updated_at: created,
        });
      }
      await trx.insertInto('devices').values(rows).execute();
    }
  });
  return count;
}
