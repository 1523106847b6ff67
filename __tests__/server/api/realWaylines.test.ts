import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Route } from '@shared/entities/route';
import { dispatchRoutes } from '../../../server/entities/task/dispatchRoutes';
import { multipart, type Dialect } from './harness';
import { useTestApi } from './testApi';
import { DJI_FIXTURES } from '../../support/djiFixtures';

/** DJI's own files (Pilot 2, FlightHub 2, the SDK samples): see __tests__/fixtures/dji/README.md. */
const FIXTURES = join(DJI_FIXTURES, 'wayline');

/** The template type and waypoint count of each file (README's table; mapping files: the placemarks of all their waylines). */
const EXPECTED: Record<string, { type: string; waypoints: number }> = {
  'bellx3_template_mapping2d_M3E_surfaceFollow.kml': { type: 'mapping2d', waypoints: 0 },
  'bellx3_waylines_mapping2d_M3E_realTimeFollowSurface.wpml': { type: 'waypoint', waypoints: 26 },
  'dji-msdk-v5_waypointsample_M30.kmz': { type: 'waypoint', waypoints: 4 },
  'dji-psdk_waypoint_v3_test_file_M30_wpmz1.0.0.kmz': { type: 'waypoint', waypoints: 39 },
  'dji-psdk_waypoint_v3_test_file_M3E_psdkpayload_wpmz1.0.1.kmz': { type: 'waypoint', waypoints: 10 },
  'dji-psdk_waypoint_v3_test_file_M3E_wpmz1.0.3.kmz': { type: 'waypoint', waypoints: 14 },
  'geoyee_mapping2d_M3TD_with_dsm_fh2.kmz': { type: 'mapping2d', waypoints: 66 },
  'geoyee_mapping2d_facade_M3D_fh2.kmz': { type: 'mapping2d', waypoints: 14 },
  'geoyee_mapping3d_M30T_fh2.kmz': { type: 'mapping3d', waypoints: 33 },
  'geoyee_mappingPrism_M3E_fh2.kmz': { type: 'mappingPrism', waypoints: 1937 },
  'geoyee_waypoint_M3T_fh2.kmz': { type: 'waypoint', waypoints: 6 },
  'jvital-stonify_Waypoint1_M3D_pilot2_waypoint.kmz': { type: 'waypoint', waypoints: 4 },
  'lawrencejesse_Seed_M3M_pilot2_waypoint.kmz': { type: 'waypoint', waypoints: 2 },
  'zhangrick_targetdetection_patrol_M4T_fh2.kmz': { type: 'targetdetection', waypoints: 5 },
  'zhangrick_waypoint_M4T_fh2.kmz': { type: 'waypoint', waypoints: 5 },
};

/** The stated bound for the 1,937-point mappingPrism file (3.19 MB of WPML): import, through the API, on a busy CI machine. */
const PRISM_IMPORT_MS = 15_000;

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe.each<Dialect>(['sqlite', 'postgres'])('real DJI wayline files (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  let projectId: number;

  beforeAll(async () => {
    const project = await call('POST', '/api/Project/', 'admin', { name: `Real files ${dialect}`, status: 'active' });
    projectId = project.body.data.id;
  });

  const download = async (url: string) =>
    (await api.server.handle.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${api.tokens.admin}` } })).rawPayload;
  const importFile = (filename: string, data: Uint8Array, fields: Record<string, string> = {}) => {
    const body = multipart(
      { project_id: String(projectId), ...fields },
      { field: 'file', filename, contentType: 'application/octet-stream', data: Buffer.from(data) },
    );
    return call('POST', '/api/Route/import/', 'admin', body.payload, body.headers);
  };

  it('has every file of the fixtures in its table', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: imports with its type, exports byte for byte, re-imports the same and is flown as it is', async (file, expected) => {
    const original = readFileSync(join(FIXTURES, file));
    const started = Date.now();
    const imported = await importFile(file, original);
    const took = Date.now() - started;
    expect(imported.status).toBe(201);
    const route = imported.body.data.item as Route;
    expect(route).toMatchObject({ template_type: expected.type, source: { name: file } });
    expect(route.waypoints).toHaveLength(expected.waypoints);
    // No action is dropped: the ones we do not model are kept and named, never "skipped".
    expect(JSON.stringify(imported.body.data.warnings)).not.toContain('skipped');
    if (expected.type !== 'waypoint') expect(route.template?.area?.type === 'Polygon' || route.template?.settings).toBeTruthy();
    if (file.includes('mappingPrism')) {
      expect(took).toBeLessThan(PRISM_IMPORT_MS);
      expect(route.template?.settings).toMatchObject({ 'overlap.orthoCameraOverlapH': '80', shootType: 'time' });
    }

    const exported = await download(`/api/Route/${route.id}/kmz/`);
    if (file.endsWith('.kmz')) expect(exported.equals(original)).toBe(true);
    else expect(Object.values(unzipSync(exported)).map((entry) => Buffer.from(entry).equals(original))).toEqual([true]);
    expect(route.source?.md5).toBe(md5(exported));

    const again = await importFile(file.replace(/\.\w+$/, '.kmz'), exported);
    expect(again.status).toBe(201);
    const copy = again.body.data.item as Route;
    expect(copy.name).not.toBe(route.name);
    expect({ ...copy, id: 0, name: '', created_at: '', updated_at: '', source: null }).toEqual({
      ...route,
      id: 0,
      name: '',
      created_at: '',
      updated_at: '',
      source: null,
    });
    expect((await download(`/api/Route/${copy.id}/kmz/`)).equals(exported)).toBe(true);

    // The file sent to the aircraft (its md5 is the fingerprint of flighttask_prepare) is the imported one; a template alone has none.
    const flown = await dispatchRoutes(api.server.handle.app.db).kmz(route.id);
    if (expected.waypoints === 0) expect(flown).toBeNull();
    else if (Object.keys(unzipSync(exported)).includes('wpmz/waylines.wpml')) expect(md5(flown!)).toBe(md5(exported));
    else expect(unzipSync(flown!)['wpmz/waylines.wpml']).toBeDefined();
  });

  it('edits a non-waypoint template only with the conversion flag (409 without it), then flies and exports our own file with its kept actions', async () => {
    const file = 'zhangrick_targetdetection_patrol_M4T_fh2.kmz';
    const original = readFileSync(join(FIXTURES, file));
    const route = (await importFile(file, original, { name: 'Patrol' })).body.data.item as Route;
    // A new name alone keeps the template and the file.
    const renamed = await call('PATCH', `/api/Route/${route.id}/`, 'admin', { name: 'Patrol north' });
    expect(renamed.body.data).toMatchObject({ template_type: 'targetdetection', source: { md5: md5(original) } });

    const moved = route.waypoints.map((w) => ({ ...w, alt: w.alt + 1 }));
    const refused = await call('PATCH', `/api/Route/${route.id}/`, 'admin', { waypoints: moved });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error_code: 'route.conversion_needed', params: { template_type: 'targetdetection' } });
    expect((await download(`/api/Route/${route.id}/kmz/`)).equals(original)).toBe(true);

    const converted = await call('PATCH', `/api/Route/${route.id}/`, 'admin', { waypoints: moved, convert_to_waypoint: true });
    expect(converted.status).toBe(200);
    expect(converted.body.data).toMatchObject({ template_type: 'waypoint', template: null, source: null });
    const ours = await download(`/api/Route/${route.id}/kmz/`);
    expect(ours.equals(original)).toBe(false);
    const kept = route.waypoints.flatMap((w) => w.actions).filter((a) => a.type === 'kept');
    expect(kept.length).toBeGreaterThan(0);
    const wpml = Buffer.from(unzipSync(ours)['wpmz/waylines.wpml']).toString();
    for (const action of kept) expect(wpml).toContain(`<wpml:actionActuatorFunc>${action.type === 'kept' ? action.func : ''}</wpml:actionActuatorFunc>`);
    expect(md5((await dispatchRoutes(api.server.handle.app.db).kmz(route.id))!)).toBe(md5(ours));
    // A waypoint route needs no flag.
    expect((await call('PATCH', `/api/Route/${route.id}/`, 'admin', { waypoints: route.waypoints })).status).toBe(200);
  });

  it('refuses XML nested 200,000 levels with a 400 naming the depth limit, not a 500', async () => {
    const deep = `<?xml version="1.0"?><kml xmlns:wpml="http://www.dji.com/wpmz/1.0.6">${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</kml>`;
    for (const [name, data] of [
      ['deep.kml', strToU8(deep)],
      ['deep.kmz', zipSync({ 'wpmz/waylines.wpml': strToU8(deep) })],
      ['deep.gpx', strToU8(`<gpx>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</gpx>`)],
    ] as const) {
      const response = await importFile(name, data);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error_code: 'route.xml_too_deep', params: { max: 64 } });
    }
  });
});
