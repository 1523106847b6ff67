import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DJI_FIXTURES } from '../../support/djiFixtures';
import { type Dialect } from '../api/harness';
import { useTestApi } from '../api/testApi';
import { demoUser, makeProject, pilotCaller } from './pilotApi';

/** A real DJI Pilot 2 export (Mavic 3M, 2 waypoints): what Pilot 2 uploads to the object store. */
const PILOT_KMZ = readFileSync(path.join(DJI_FIXTURES, 'wayline/lawrencejesse_Seed_M3M_pilot2_waypoint.kmz'));

const wp = (east: number) => ({ lat: 30.5, lng: 104.05 + east * 0.001, alt: 100, speed: 8 });

/**
 * Pilot 2's wayline library (DJI HTTPS "waypoint management") on the demo: planner1 (a pilot who may also write
 * routes, department scope, operator1's department) works in a project of its department; operator2 (another
 * department) does not see it.
 */
describe.each<Dialect>(['sqlite', 'postgres'])('Pilot 2 wayline library (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const pilot = pilotCaller(api);
  let own: number;
  let foreign: number;
  const ids: Record<string, number> = {};
  const base = () => `/wayline/api/v1/workspaces/${own}`;
  const store = () => api.server.handle.app.media!.store;

  const makeRoute = async (as: string, projectId: number, name: string, extra: Record<string, unknown> = {}) => {
    const created = await api.call('POST', '/api/Route/', as, { project_id: projectId, name, waypoints: [wp(0), wp(1), wp(2)], ...extra });
    expect(created.status).toBe(200);
    return created.body.data.id as number;
  };
  const names = (data: { list: { name: string }[] }) => data.list.map((w) => w.name);

  beforeAll(async () => {
    api.tokens.operator2 = (await api.login('operator2', api.server.handle.demoPasswords!.operator2)).body.data.token;
    const dept = (await demoUser(api, 'operator1')).dept_id;
    const role = await api.call('POST', '/api/Role/', 'admin', { code: 'planner', name: '规划飞手', permissions: ['project:*', 'map:*'], data_scope: 'dept' });
    expect(role.status).toBe(200);
    const password = 'Planner-Pass-1';
    const user = await api.call('POST', '/api/User/', 'admin', {
      username: 'planner1',
      name: '赵规划',
      password,
      dept_id: dept,
      role_ids: [role.body.data.id],
    });
    expect(user.status).toBe(200);
    api.tokens.planner1 = (await api.login('planner1', password)).body.data.token;
    own = await makeProject(api, `pilot-wayline-own-${dialect}`, dept);
    foreign = await makeProject(api, `pilot-wayline-foreign-${dialect}`, (await demoUser(api, 'operator2')).dept_id);
    ids.alpha = await makeRoute('planner1', own, 'Alpha');
    ids.bravo = await makeRoute('planner1', own, 'Bravo', { settings: { drone_model: '0-67-0', payload_model: '1-52-0' } });
    ids.charlie = await makeRoute('planner1', own, 'Charlie river');
    ids.elsewhere = await makeRoute('admin', foreign, 'Elsewhere');
  });

  it("lists the workspace's routes in DJI's shape, newest change first, with pages", async () => {
    const answer = await pilot('GET', `${base()}/waylines`, 'planner1');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 0, message: 'success' });
    expect(names(answer.body.data)).toEqual(['Charlie river', 'Bravo', 'Alpha']);
    expect(answer.body.data.pagination).toEqual({ page: 1, page_size: 10, total: 3 });
    expect(answer.body.data.list.find((w: { name: string }) => w.name === 'Bravo')).toEqual({
      id: String(ids.bravo),
      name: 'Bravo',
      drone_model_key: '0-67-0',
      payload_model_keys: ['1-52-0'],
      template_types: [0],
      favorited: false,
      create_time: expect.any(Number),
      update_time: expect.any(Number),
      user_name: '赵规划',
      start_wayline_point: { start_latitude: 30.5, start_lontitude: 104.05 },
    });
    const page2 = await pilot('GET', `${base()}/waylines?order_by=name%20asc&page=2&page_size=2`, 'planner1');
    expect(names(page2.body.data)).toEqual(['Charlie river']);
    expect(page2.body.data.pagination).toEqual({ page: 2, page_size: 2, total: 3 });
  });

  it('filters by aircraft, template type (repeated, bracketed or comma-joined), name and AI spot-check', async () => {
    const list = async (query: string) => names((await pilot('GET', `${base()}/waylines?order_by=name asc&${query}`, 'planner1')).body.data);
    expect(await list('drone_model_keys=0-67-0')).toEqual(['Bravo']);
    expect(await list('drone_model_keys[]=0-67-0&drone_model_keys[]=0-77-0')).toEqual(['Alpha', 'Bravo', 'Charlie river']);
    expect(await list('payload_model_key=1-52-0,1-53-0')).toEqual(['Bravo']);
    expect(await list('template_type=0&template_type=1')).toEqual(['Alpha', 'Bravo', 'Charlie river']);
    expect(await list('template_type[]=1')).toEqual([]);
    expect(await list('key=RIVER')).toEqual(['Charlie river']);
    expect(await list('action_type=1')).toEqual([]);
  });

  it("keeps each user's favourites, given as id query parameters", async () => {
    const add = await pilot('POST', `${base()}/favorites?id=${ids.alpha}&id=${ids.charlie}`, 'planner1');
    expect(add.body).toEqual({ code: 0, message: 'success', data: null });
    // Adding one twice is no error.
    expect((await pilot('POST', `${base()}/favorites?id=${ids.alpha}`, 'planner1')).body.code).toBe(0);
    const favorites = async (as = 'planner1') => names((await pilot('GET', `${base()}/waylines?favorited=true&order_by=name asc`, as)).body.data);
    expect(await favorites()).toEqual(['Alpha', 'Charlie river']);
    expect(await favorites('admin')).toEqual([]);
    expect((await pilot('DELETE', `${base()}/favorites?id=${ids.charlie}`, 'planner1')).body.code).toBe(0);
    expect(await favorites()).toEqual(['Alpha']);
    const flags = (await pilot('GET', `${base()}/waylines?order_by=name asc`, 'planner1')).body.data.list.map((w: { favorited: boolean }) => w.favorited);
    expect(flags).toEqual([true, false, false]);
  });

  it('refuses a favourite of a route outside the workspace and writes nothing', async () => {
    const answer = await pilot('POST', `${base()}/favorites?id=${ids.bravo}&id=${ids.elsewhere}`, 'planner1');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 404, error_code: 'pilot.unknown_wayline' });
    expect(await api.server.handle.database.db.selectFrom('route_favorites').select('route_id').where('route_id', '=', ids.bravo).execute()).toEqual([]);
    expect((await pilot('POST', `${base()}/favorites?id=abc`, 'planner1')).status).toBe(404);
    expect((await pilot('POST', `${base()}/favorites`, 'planner1')).status).toBe(400);
  });

  it('redirects to a signed KMZ download that needs no token, the same file the console exports', async () => {
    const answer = await pilot('GET', `${base()}/waylines/${ids.bravo}/url`, 'planner1');
    expect(answer.status).toBe(302);
    const location = new URL(String(answer.headers.location));
    expect(location.pathname).toBe(`${base()}/waylines/${ids.bravo}/kmz`);
    const app = api.server.handle.app;
    const file = await app.inject({ method: 'GET', url: location.pathname + location.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.google-earth.kmz');
    const exported = await app.inject({ method: 'GET', url: `/api/Route/${ids.bravo}/kmz/`, headers: { authorization: `Bearer ${api.tokens.planner1}` } });
    expect(file.rawPayload.equals(exported.rawPayload)).toBe(true);
    // The token opens this wayline only, and only when untouched.
    const token = location.searchParams.get('token')!;
    const other = await app.inject({ method: 'GET', url: `${base()}/waylines/${ids.alpha}/kmz?token=${token}` });
    expect(other.statusCode).toBe(403);
    const forged = await app.inject({ method: 'GET', url: `${base()}/waylines/${ids.bravo}/kmz?token=${token.slice(0, -2)}xx` });
    expect([forged.statusCode, forged.json().error_code]).toEqual([403, 'mission.wayline_link_invalid']);
    expect((await pilot('GET', `${base()}/waylines/${ids.elsewhere}/url`, 'planner1')).status).toBe(404);
  });

  it('names the names already taken in the workspace', async () => {
    const answer = await pilot('GET', `${base()}/waylines/duplicate-names?name=Alpha&name=Nope&name=Elsewhere`, 'planner1');
    expect(answer.body).toEqual({ code: 0, message: 'success', data: ['Alpha'] });
    expect((await pilot('GET', `${base()}/waylines/duplicate-names`, 'planner1')).status).toBe(400);
  });

  it('makes a route of a KMZ Pilot 2 uploaded to the workspace prefix, and removes the uploaded object', async () => {
    const key = `media/${own}/wayline/seed.kmz`;
    await store().put(key, PILOT_KMZ, 'application/vnd.google-earth.kmz');
    const body = { name: 'Seed from Pilot', object_key: key, metadata: { drone_model_key: '0-77-2', payload_model_keys: ['1-68-0'], template_types: [0] } };
    const answer = await pilot('POST', `${base()}/upload-callback`, 'planner1', body);
    expect(answer.body).toMatchObject({ code: 0, message: 'success' });
    const id = Number(answer.body.data.id);
    const route = (await api.call('GET', `/api/Route/${id}/`, 'planner1')).body.data;
    expect(route).toMatchObject({ project_id: own, name: 'Seed from Pilot', template_type: 'waypoint', settings: { drone_model: '0-77-2' } });
    expect(route.waypoints).toHaveLength(2);
    expect(route.source).toMatchObject({ name: 'seed.kmz' });
    expect(await store().head(key)).toBeNull();
    const library = await pilot('GET', `${base()}/waylines?key=Seed`, 'planner1');
    expect(library.body.data.list[0]).toMatchObject({ id: String(id), drone_model_key: '0-77-2', user_name: '赵规划' });
    // Uploaded again under the same name: taken.
    await store().put(key, PILOT_KMZ, 'application/vnd.google-earth.kmz');
    const again = await pilot('POST', `${base()}/upload-callback`, 'planner1', body);
    expect([again.status, again.body.error_code]).toEqual([409, 'route.name_taken']);
  });

  it('refuses uploads outside the workspace prefix, missing objects and files that are no wayline', async () => {
    const upload = (name: string, key: string) => pilot('POST', `${base()}/upload-callback`, 'planner1', { name, object_key: key });
    const outside = await upload('Outside', `media/${foreign}/wayline/seed.kmz`);
    expect([outside.status, outside.body.error_code]).toEqual([403, 'media.outside_workspace']);
    const missing = await upload('Missing', `media/${own}/wayline/none.kmz`);
    expect([missing.status, missing.body.error_code]).toEqual([404, 'pilot.object_missing']);
    await store().put(`media/${own}/wayline/bad.kmz`, Buffer.from('not a wayline'), 'application/octet-stream');
    const bad = await upload('Bad', `media/${own}/wayline/bad.kmz`);
    expect([bad.status, bad.body.code, bad.body.error_code]).toEqual([400, 400, 'route.unknown_format']);
    expect((await pilot('POST', `${base()}/upload-callback`, 'planner1', { object_key: 'x' })).status).toBe(400);
  });

  it('answers a foreign workspace as missing, a bad query with 400 and a missing token with 401', async () => {
    for (const [method, url] of [
      ['GET', `${base()}/waylines`],
      ['GET', `${base()}/waylines/${ids.alpha}/url`],
      ['GET', `${base()}/waylines/duplicate-names?name=Alpha`],
      ['POST', `${base()}/favorites?id=${ids.alpha}`],
    ] as const) {
      expect([url, (await pilot(method, url, 'operator2')).status]).toEqual([url, 404]);
      expect([url, (await pilot(method, url)).status]).toEqual([url, 401]);
    }
    // operator2 may not write routes at all (an operator reads them).
    const upload = await pilot('POST', `${base()}/upload-callback`, 'operator2', { name: 'X', object_key: `media/${own}/x.kmz` });
    expect([upload.status, upload.body.code]).toEqual([403, 403]);
    const bad = await pilot('GET', `${base()}/waylines?order_by=size%20desc`, 'planner1');
    expect([bad.status, bad.body.code, bad.body.message]).toEqual([400, 400, expect.stringContaining('order_by')]);
  });
});
