import { ALERT_KINDS } from '@shared/entities/alert';
import { TASK_COMMANDS } from '@shared/entities/task';
import { multipart, type Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { parseRouteTree, type RegisteredRoute } from './routeWalk';

/**
 * Issue 27: nothing of another department is reachable by id, on any registered route. On the demo, 巡检一队 and
 * 巡检二队 are sibling departments under the headquarters; a manager of 巡检一队 holds every permission ('*') with
 * department scope, so only the data scope (never a missing permission) can stop it. Every route naming a row by id is
 * called with the id of a row of 巡检二队 (or of the headquarters) and must answer 403 or 404.
 */

/** The list of each entity whose rows belong to a department, by the path its routes name an id under. */
const TENANT_LISTS: Record<string, string> = {
  '/api/Device/': '/api/Device/',
  '/api/Task/': '/api/Task/',
  '/api/Route/': '/api/Route/',
  '/api/Airspace/Apply/': '/api/Airspace/Apply/',
  '/api/Airspace/Plan/': '/api/Airspace/Plan/',
  '/api/Airspace/Report/': '/api/Airspace/Report/',
  '/api/Alert/': '/api/Alert/',
  '/api/User/': '/api/User/',
  '/api/Project/': '/api/Project/',
  // DJI Pilot's configuration of a project's workspace.
  '/api/djiconf/': '/api/Project/',
};

/**
 * Entities shared by every department, whose ids a department-scoped caller may name (the answer is then up to the
 * permission and the entity's own rules).
 */
const SHARED_BY_ID: Record<string, string> = {
  '/api/Role/': 'roles are a catalogue; who may edit which one is the grant rules’ job (tested in rbac and below)',
  '/api/Resource/': 'menu and button resources are the same for everyone',
  '/api/Notice/': 'notices are broadcast to every user',
  '/api/Feature/': 'map features (restricted areas, landing points) are one map for everyone',
  '/api/Audit/': 'the audit log is read with org:audit, a platform-wide permission',
  '/api/Dept/': 'the department tree is shared; writes are checked against the scope (see the escalation suite)',
  '/api/Firmware/': 'firmware packages are a catalogue of DJI files; a device fetches one only with a signed link (remote/firmware.test.ts)',
};

/** Routes without an id, each with why the scope holds there (or why it has nothing to scope). */
const WITHOUT_ID: Record<string, string> = {
  'GET /api/openapi.json': 'the public API description',
  'GET /api/health': 'public: up or down of the database and Redis, no tenant data',
  'POST /api/auth/login': 'signs in; answers the caller’s own user',
  'POST /api/auth/logout': 'ends the caller’s own session',
  'POST /api/auth/refresh': 'extends the caller’s own session',
  'POST /api/auth/verify': 'checks a token; answers that token’s own user',
  'POST /api/auth/mqtt': 'the caller’s own broker account',
  'GET /api/logininfo': 'the caller’s own user',
  'GET /api/Dept': 'the shared department tree',
  'POST /api/Dept': 'the parent must be in scope (escalation suite)',
  'GET /api/Role': 'the shared role catalogue',
  'POST /api/Role': 'grants only what the caller holds (rbac)',
  'GET /api/Resource': 'shared menu resources',
  'POST /api/Resource': 'shared menu resources',
  'GET /api/User': 'narrowed to the scope (below)',
  'POST /api/User': 'the department must be in scope (escalation suite)',
  'GET /api/Notice': 'notices are broadcast to everyone',
  'POST /api/Notice': 'notices are broadcast to everyone',
  'GET /api/Notice/unread': 'the caller’s own read marks',
  'POST /api/Notice/read-all': 'the caller’s own read marks',
  'GET /api/Device': 'narrowed to the scope (below)',
  'POST /api/Device': 'filed under the caller’s department; a foreign dept_id is a 400 (dataScope.test)',
  'POST /api/Device/names': 'names only devices in scope (dataScope.test)',
  'GET /api/Live/cameras': 'the cameras of online devices in scope only (live/live.test.ts "scope")',
  'POST /api/Live/liveshare': 'a remote controller in scope only, by serial (live/liveshare.test.ts "who may")',
  'DELETE /api/Live/liveshare': 'a remote controller in scope only, by serial (live/liveshare.test.ts "who may")',
  'GET /api/Project': 'narrowed to the scope (below)',
  'POST /api/Project': 'filed under the caller’s department',
  'GET /api/Route': 'narrowed to the scope (below)',
  'POST /api/Route': 'its project must be in scope (refs)',
  'POST /api/Route/import': 'its project must be in scope (refs); filed under the caller (below)',
  'GET /api/Task': 'narrowed to the scope (below)',
  'POST /api/Task': 'its project, route, device and pilot must be in scope (refs)',
  'GET /api/Airspace/Rules': 'configuration, the same for everyone',
  'GET /api/Airspace/Apply': 'narrowed to the scope (below)',
  'POST /api/Airspace/Apply': 'its device must be in scope (refs)',
  'GET /api/Airspace/Plan': 'narrowed to the scope (below)',
  'POST /api/Airspace/Plan': 'its application and route must be in scope (refs)',
  'GET /api/Airspace/Report': 'narrowed to the scope (below)',
  'POST /api/Airspace/Report': 'its plan, project and device must be in scope (refs)',
  'GET /api/Audit': 'org:audit is platform-wide',
  'GET /api/Alert': 'narrowed to the scope (below)',
  'GET /api/Alert/summary': 'counts only alerts in scope (below)',
  'GET /api/Feature': 'one shared map',
  'POST /api/Feature': 'one shared map',
  'POST /api/Feature/import': 'one shared map',
  'POST /api/FlightArea/sync': 'every dock named must be in scope, else nothing is sent (remote/flightAreas.test.ts "who may")',
  'GET /api/FlightArea/file/:name': 'a dock downloads its area file with a signed link naming the file (remote/flightAreas.test.ts)',
  'GET /api/Firmware': 'firmware packages are a catalogue of DJI files, the same for everyone',
  'POST /api/Firmware': 'firmware packages are a catalogue of DJI files (device:write)',
  'GET /api/chartinfo': 'counts only rows in scope (dataScope.test)',
  'GET /uploads/:name': 'uploaded images under unguessable random names, public like the console’s assets',
  'GET /tiles': 'map tile packages, the same for everyone',
  'GET /tiles/:name/:z/:x/:y': 'map tiles, the same for everyone',
  'GET /tiles*': 'map tiles, the same for everyone',
  'GET *': 'the console’s static files',
};

/**
 * Route families whose data scope their own suite walks as another department (the demo holds none of their rows, so
 * this walk has no foreign id to try): each prefix with the suite and the case that proves it.
 */
const SCOPED_IN_OWN_SUITE: Record<string, string> = {
  '/api/Media':
    'media/ingest.test.ts: "shows a user only the media of its data scope" (list, row, file, delete, zip of a selection → 404); the zip itself by a link signed over its ids; the map points: media/mapPoints.test.ts "shows another department’s media and defects to nobody outside its scope"',
  '/api/Defect':
    'media/defects.test.ts: "shows a defect only to whoever sees its photo" (list, row, step, edit, delete, create → 404); the map points: media/mapPoints.test.ts',
  '/api/DefectCategory': 'media/defects.test.ts: one shared category tree (read with task:read, written with project:write)',
  '/media/api/v1/workspaces/': 'media/ingest.test.ts: Pilot 2 calls refuse a workspace outside the caller’s scope',
  '/storage/api/v1/workspaces/': 'media/ingest.test.ts: Pilot 2 calls refuse a workspace outside the caller’s scope',
  '/map/api/v1/workspaces/': 'pilot/map.test.ts: "refuses a foreign workspace (not found, nothing written)"',
  '/manage/api/v1/workspaces/': 'pilot/topology.test.ts: lists only the gateways the caller’s scope shows',
  '/wayline/api/v1/workspaces/': 'pilot/waylines.test.ts: "answers a foreign workspace as missing…", favourites outside the workspace',
  '/live/': 'live/live.test.ts: play URLs are signed per stream, publish and play hooks refuse unknown or stopped names',
};

/**
 * Routes a device calls with a signed link instead of a session (the server exempts them from the row-scope guard):
 * the link names the task and the gateway, so a forged one is refused.
 */
const SIGNED_LINKS: Record<string, string> = { '/api/Task/:id/wayline.kmz': '?token=forged' };

/**
 * A body (or query) that passes a route's validation, for routes whose schema needs one: the walk must reach the scope
 * check, which runs after validation (an invalid body is a 400 for any id).
 */
const VALID_INPUT: Record<string, { payload?: object; query?: string }> = {
  'POST /api/Device/:id/live': { payload: { video_id: 'SN0000000000001/39-0-7/normal-0' } },
  'PATCH /api/Device/:id/live': { payload: { video_id: 'SN0000000000001/39-0-7/normal-0', quality: 1 } },
  'DELETE /api/Device/:id/live': { query: 'video_id=SN0000000000001%2F39-0-7%2Fnormal-0' },
  'POST /api/Device/:id/debug': { payload: { method: 'debug_mode_open' } },
  'POST /api/Device/:id/takeoff': { payload: { lat: 22.5, lng: 114, height: 60, confirm_sn: 'SN0000000000001' } },
  'POST /api/Device/:id/flyto': { payload: { lat: 22.5, lng: 114, height: 60, max_speed: 5, confirm_sn: 'SN0000000000001' } },
  'PATCH /api/Device/:id/flyto': { payload: { lat: 22.5, lng: 114, height: 60, max_speed: 5 } },
  'POST /api/Device/:id/return-home': { payload: { confirm_sn: 'SN0000000000001' } },
  'POST /api/Device/:id/drc': { payload: { confirm_sn: 'SN0000000000001' } },
  'POST /api/Device/:id/ota': { payload: { firmware_id: 1, confirm_sn: 'SN0000000000001' } },
  'POST /api/Device/:id/logs': { payload: { files: [{ module: '3', boot_indexes: [1] }] } },
  'GET /api/Device/:id/logs/file': { query: 'upload=1&module=3' },
  'PATCH /api/Device/:id/properties': { payload: { night_lights_state: 1 } },
};

/** The entity path a route names an id under (`/api/Task/` for `/api/Task/:id/execute`), or null. */
const idBase = (path: string) => (path.includes('/:id') ? path.slice(0, path.indexOf('/:id') + 1) : null);

describe.each<Dialect>(['sqlite', 'postgres'])('tenancy: every route by id (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, tokens } = api;
  let routes: RegisteredRoute[];
  /** Ids of rows of other departments (admin sees them, the manager of 巡检一队 must not). */
  const foreign: Record<string, number[]> = {};

  const ids = async (url: string, as: string) => ((await call('GET', `${url}?page_size=100`, as)).body.data.items as { id: number }[]).map((row) => row.id);

  /** The demo has no alerts: one HMS alert per device, as the gateway would write it. */
  const addAlerts = async () => {
    const db = api.server.handle.app.db;
    const now = new Date().toISOString();
    for (const device of await db.selectFrom('devices').select(['id', 'serial']).execute())
      await db
        .insertInto('alerts')
        .values({
          kind: 'hms',
          code: '0x16100083',
          level: 1,
          module: 3,
          device_id: device.id,
          device_sn: device.serial,
          gateway_sn: null,
          in_the_sky: 0,
          first_seen_at: now,
          last_seen_at: now,
          count: 1,
          active: 1,
          acked_by: null,
          acked_at: null,
          args: null,
          plan_id: null,
          closed_at: null,
        })
        .execute();
  };

  beforeAll(async () => {
    const [operator1] = (await call('GET', '/api/User/?search=operator1', 'admin')).body.data.items as { dept_id: number }[];
    const role = await call('POST', '/api/Role/', 'admin', { code: 'team_manager', name: '队长', permissions: ['*'], data_scope: 'dept' });
    expect(role.status).toBe(200);
    const password = 'Manager-Pass-1';
    const user = await call('POST', '/api/User/', 'admin', {
      username: 'manager1',
      name: '一队队长',
      password,
      dept_id: operator1.dept_id,
      role_ids: [role.body.data.id],
    });
    expect(user.status).toBe(200);
    tokens.manager1 = (await api.login('manager1', password)).body.data.token;
    await addAlerts();
    for (const [base, list] of Object.entries(TENANT_LISTS)) {
      const mine = new Set(await ids(list, 'manager1'));
      foreign[base] = (await ids(list, 'admin')).filter((id) => !mine.has(id));
    }
    routes = parseRouteTree(api.server.handle.app.printRoutes({ commonPrefix: false }));
  });

  it('has rows of other departments for every entity the walk names', () => {
    for (const base of Object.keys(TENANT_LISTS)) expect([base, foreign[base].length > 0]).toEqual([base, true]);
  });

  it('knows every registered route: each names a tenant id, a shared id, or is on the list of routes without an id', () => {
    expect(routes.length).toBeGreaterThan(60);
    const unknown = routes.filter(({ method, path }) => {
      if (Object.keys(SCOPED_IN_OWN_SUITE).some((prefix) => path.startsWith(prefix))) return false;
      const base = idBase(path);
      if (base) return !(base in TENANT_LISTS) && !(base in SHARED_BY_ID);
      return !(`${method} ${path}` in WITHOUT_ID);
    });
    expect(unknown).toEqual([]);
  });

  it('answers 403 or 404 on every route that names a row of another department, and changes nothing', async () => {
    const answers: string[] = [];
    for (const { method, path } of routes) {
      const base = idBase(path);
      if (!base || !(base in TENANT_LISTS)) continue;
      for (const id of foreign[base].slice(0, 2)) {
        const input = VALID_INPUT[`${method} ${path}`] ?? {};
        const query = SIGNED_LINKS[path] ?? (input.query ? `?${input.query}` : '');
        const url = `${path.replace(':id', String(id)).replace(':format', 'csv')}/${query}`;
        // Raw: an export that is let through answers a file, not the JSON envelope.
        const response = await api.server.handle.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${tokens.manager1}` },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: input.payload ?? {} }),
        });
        answers.push(`${method} ${url} ${[403, 404].includes(response.statusCode) ? 'refused' : response.statusCode}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith('refused'))).toEqual([]);
    // The walk reached the exports and the task commands.
    expect(answers.some((a) => a.startsWith('GET /api/Route/') && a.includes('/kmz/'))).toBe(true);
    expect(answers.some((a) => a.startsWith('POST /api/Task/') && a.includes('/execute/'))).toBe(true);
    for (const base of Object.keys(TENANT_LISTS)) expect((await ids(TENANT_LISTS[base], 'admin')).length).toBeGreaterThanOrEqual(foreign[base].length);
  });

  it('lists, and counts per alert group, only rows of its own department', async () => {
    for (const [base, list] of Object.entries(TENANT_LISTS)) {
      const seen = await ids(list, 'manager1');
      expect([base, seen.filter((id) => foreign[base].includes(id))]).toEqual([base, []]);
    }
    // A link focused on one row (`?id=`, the console's task and plan links) shows a foreign row to no one but its own.
    for (const list of ['/api/Task/', '/api/Airspace/Plan/']) {
      const [other] = foreign[list];
      const focused = async (as: string) => ((await call('GET', `${list}?id=${other}`, as)).body.data.items as { id: number }[]).map((row) => row.id);
      expect([list, await focused('manager1'), await focused('admin')]).toEqual([list, [], [other]]);
    }
    const devices = (await call('GET', '/api/Device/?page_size=100', 'manager1')).body.data.items as { serial: string }[];
    const own = new Set(devices.map((d) => d.serial));
    for (const kind of ALERT_KINDS) {
      const keys = async (as: string) =>
        ((await call('GET', `/api/Alert/summary/?group=device&kind=${kind}`, as)).body.data.items as { key: string }[]).map((row) => row.key);
      expect([kind, (await keys('manager1')).filter((serial) => !own.has(serial))]).toEqual([kind, []]);
    }
  });
});

describe.each<Dialect>(['sqlite', 'postgres'])('tenancy: what a task flies and what an import files (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call, tokens } = api;
  let team: { one: number; two: number };

  beforeAll(async () => {
    const users = (await call('GET', '/api/User/?search=operator&page_size=100', 'admin')).body.data.items as { username: string; dept_id: number }[];
    team = { one: users.find((u) => u.username === 'operator1')!.dept_id, two: users.find((u) => u.username === 'operator2')!.dept_id };
  });

  const firstOf = async (url: string) => ((await call('GET', url, 'admin')).body.data.items as { id: number }[])[0].id;

  it("refuses every command of a task whose aircraft is another department's, even when the task is the caller's own", async () => {
    const own = await firstOf(`/api/Device/?dept_id=${team.one}&kind=aircraft`);
    const other = await firstOf(`/api/Device/?dept_id=${team.two}&kind=aircraft`);
    const project = await firstOf(`/api/Project/?dept_id=${team.one}`);
    const task = await call('POST', '/api/Task/', 'operator1', { name: 'Borrowed later', project_id: project, device_id: own, kind: 'patrol' });
    expect(task.status).toBe(200);
    // An administrator (who sees every department) points it at 巡检二队's aircraft.
    expect((await call('PATCH', `/api/Task/${task.body.data.id}/`, 'admin', { device_id: other })).status).toBe(200);
    for (const command of TASK_COMMANDS) {
      const answer = await call('POST', `/api/Task/${task.body.data.id}/${command}/`, 'operator1', {});
      expect([command, answer.status, answer.body.error_code, answer.body.params]).toEqual([
        command,
        404,
        'common.row_not_found',
        { entity: 'device', id: other },
      ]);
    }
  });

  it('files an imported route under the one who imported it, who then sees it', async () => {
    const project = await firstOf(`/api/Project/?dept_id=${team.one}`);
    const line = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [114.05, 22.55, 60],
          [114.051, 22.551, 60],
        ],
      },
    };
    const body = multipart(
      { project_id: String(project) },
      { field: 'file', filename: 'line.geojson', contentType: 'application/geo+json', data: Buffer.from(JSON.stringify(line)) },
    );
    const role = await call('POST', '/api/Role/', 'admin', { code: 'planner', name: '航线规划', permissions: ['project:*'], data_scope: 'dept' });
    const password = 'Planner-Pass-1';
    await call('POST', '/api/User/', 'admin', { username: 'planner1', name: '规划员', password, dept_id: team.one, role_ids: [role.body.data.id] });
    tokens.planner1 = (await api.login('planner1', password)).body.data.token;
    const imported = await call('POST', '/api/Route/import/', 'planner1', body.payload, body.headers);
    expect(imported.status).toBe(201);
    expect(imported.body.data.item).toMatchObject({ dept_id: team.one, created_by: expect.any(Number) });
    expect((await call('GET', `/api/Route/${imported.body.data.item.id}/`, 'planner1')).status).toBe(200);
  });
});
