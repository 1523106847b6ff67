import { strToU8, zipSync } from 'fflate';
import type { Route } from '@shared/entities/route';
import { multipart, type Dialect } from './harness';
import { useTestApi } from './testApi';

const base = { lat: 0, lng: 0 };
/** A waypoint `east` thousandths of a degree east of the project's centre (≈ 96 m each at 30.5° N). */
const wp = (east: number, extra: Record<string, unknown> = {}) => ({ lat: base.lat, lng: base.lng + east * 0.001, alt: 100, speed: 8, ...extra });

describe.each<Dialect>(['sqlite', 'postgres'])('route library API (%s)', (dialect) => {
  const api = useTestApi(dialect);
  const { call } = api;
  let projectId: number;

  beforeAll(async () => {
    // A project of its own (no area, no ceiling) around a point well away from the demo's no-fly zones.
    const project = await call('POST', '/api/Project/', 'admin', { name: `Routes ${dialect}`, status: 'active' });
    expect(project.status).toBe(200);
    projectId = project.body.data.id;
    Object.assign(base, { lat: 30.5, lng: 104.05 });
  });

  // Route names are unique per project: each route made here gets its own unless the test names it.
  let made = 0;
  const create = (body: Record<string, unknown>) => call('POST', '/api/Route/', 'admin', { project_id: projectId, name: `R ${++made}`, ...body });
  const routeCount = async () => api.total(`/api/Route/?project_id=${projectId}`);
  const download = async (url: string) => {
    const response = await api.server.handle.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${api.tokens.viewer1}` } });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
  };
  const importFile = (filename: string, data: Buffer, fields: Record<string, string> = {}) => {
    const body = multipart({ project_id: String(projectId), ...fields }, { field: 'file', filename, contentType: 'application/octet-stream', data });
    return call('POST', '/api/Route/import/', 'admin', body.payload, body.headers);
  };

  it('saves the WPML model, fills the defaults and computes length, duration and battery', async () => {
    const response = await create({
      waypoints: [wp(0, { actions: [{ type: 'hover', seconds: 10 }, { type: 'takePhoto' }] }), wp(5, { heading_mode: 'smoothTransition', heading_angle: 90 })],
      settings: { drone_model: '0-89-0', rth_altitude: 150 },
    });
    expect(response.status).toBe(200);
    const route = response.body.data as Route;
    expect(route.waypoints[0].actions).toEqual([{ type: 'hover', seconds: 10 }, { type: 'takePhoto' }]);
    expect(route.waypoints[1]).toMatchObject({
      heading_mode: 'smoothTransition',
      heading_angle: 90,
      turn_mode: 'toPointAndStopWithDiscontinuityCurvature',
      actions: [],
    });
    expect(route.settings).toMatchObject({
      drone_model: '0-89-0',
      rth_altitude: 150,
      rc_lost_action: 0,
      exit_wayline_when_rc_lost: 1,
      height_mode: 'relativeToStartPoint',
    });
    // 0.005° of longitude at 30.5° N is 479 m: 59.9 s at 8 m/s, plus the 10 s hover and the 1 s photo.
    expect(route.length_m).toBeCloseTo(479, 0);
    expect(route.duration_s).toBeCloseTo(70.9, 0);
    expect(route.battery_pct).toBeCloseTo((100 * route.duration_s) / (55 * 60 * 0.8), 1);
    // Changing the aircraft alone recomputes the battery estimate.
    const updated = await call('PATCH', `/api/Route/${route.id}/`, 'admin', { settings: { drone_model: '0-77-0' } });
    expect(updated.body.data.battery_pct).toBeCloseTo((100 * route.duration_s) / (45 * 60 * 0.8), 1);
  });

  it.each([
    ['one waypoint', [wp(0)], 'route.too_few_waypoints', 'waypoints', { count: 1, min: 2 }],
    ['a speed over 15 m/s', [wp(0), wp(1, { speed: 16 })], 'route.speed_out_of_range', 'waypoints.1', { index: 2, speed: 16, min: 0.1, max: 15 }],
  ])('refuses %s with a 400 naming the waypoint', async (_name, waypoints, code, field, params) => {
    const before = await routeCount();
    const response = await create({ waypoints });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: code, params, errors: [expect.objectContaining({ field, code, params })] });
    expect(await routeCount()).toBe(before);
  });

  it('keeps routes under the project ceiling and inside its area', async () => {
    const half = 0.01;
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [base.lng - half, base.lat - half],
          [base.lng + half, base.lat - half],
          [base.lng + half, base.lat + half],
          [base.lng - half, base.lat + half],
          [base.lng - half, base.lat - half],
        ],
      ],
    };
    expect((await call('PATCH', `/api/Project/${projectId}/`, 'admin', { ceiling_m: 120, area })).body.data).toMatchObject({ ceiling_m: 120 });
    try {
      const high = await create({ waypoints: [wp(0), wp(1, { alt: 130 })] });
      expect(high.body).toMatchObject({ code: 400, error_code: 'route.above_ceiling', params: { index: 2, alt: 130, ceiling: 120 } });
      const outside = await create({ waypoints: [wp(0), wp(20)] });
      expect(outside.body).toMatchObject({ code: 400, error_code: 'route.outside_project_area', params: { index: 2 } });
      expect((await create({ waypoints: [wp(0), wp(5, { alt: 120 })] })).status).toBe(200);
    } finally {
      await call('PATCH', `/api/Project/${projectId}/`, 'admin', { ceiling_m: null, area: null });
    }
  });

  it('refuses a leg that crosses a no-fly zone', async () => {
    const zone = await call('POST', '/api/Feature/', 'admin', {
      name: 'Heliport',
      category: 'no_fly_zone',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [base.lng + 0.002, base.lat - 0.001],
            [base.lng + 0.003, base.lat - 0.001],
            [base.lng + 0.003, base.lat + 0.001],
            [base.lng + 0.002, base.lat + 0.001],
            [base.lng + 0.002, base.lat - 0.001],
          ],
        ],
      },
    });
    expect(zone.status).toBe(200);
    try {
      const response = await create({ waypoints: [wp(0), wp(1), wp(5)] });
      expect(response.body).toMatchObject({ code: 400, error_code: 'route.crosses_restricted_area', params: { index: 2, to: 3, area: 'Heliport' } });
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'waypoints.1' })]);
    } finally {
      await call('DELETE', `/api/Feature/${zone.body.data.id}/`, 'admin');
    }
  });

  it('exports a KMZ named after the route that imports back as the same route, field by field', async () => {
    const created = await create({
      name: '河道巡检/北段',
      waypoints: [
        wp(0, { actions: [{ type: 'gimbalRotate', pitch: -90 }, { type: 'startRecord' }] }),
        wp(2, { alt: 80.5, speed: 6.5, turn_mode: 'coordinateTurn', actions: [{ type: 'zoom', focal_length: 48 }] }),
        wp(3, { actions: [{ type: 'rotateYaw', heading: -45 }, { type: 'stopRecord' }] }),
      ],
      settings: { finish_action: 'autoLand', rc_lost_action: 2, exit_wayline_when_rc_lost: 0, payload_model: '1-43-0', height_mode: 'WGS84' },
    });
    const route = created.body.data as Route;
    const kmz = await download(`/api/Route/${route.id}/kmz/`);
    expect(kmz.status).toBe(200);
    expect(kmz.headers['content-type']).toBe('application/vnd.google-earth.kmz');
    expect(kmz.headers['content-disposition']).toBe(`attachment; filename=_______.kmz; filename*=UTF-8''${encodeURIComponent('河道巡检_北段.kmz')}`);

    const imported = await importFile('河道巡检_北段.kmz', kmz.body, { name: '河道巡检 副本' });
    expect(imported.status).toBe(201);
    expect(imported.body.data.warnings).toEqual([]);
    const copy = imported.body.data.item as Route;
    expect(copy).toMatchObject({
      name: '河道巡检 副本',
      project_id: projectId,
      length_m: route.length_m,
      duration_s: route.duration_s,
      battery_pct: route.battery_pct,
    });
    expect(copy.settings).toEqual(route.settings);
    route.waypoints.forEach((waypoint, i) => expect(copy.waypoints[i]).toEqual(waypoint));
    expect(copy.waypoints).toHaveLength(route.waypoints.length);
  });

  it('exports GeoJSON and KML lines that import back with the same positions', async () => {
    const route = (await create({ name: 'Line', waypoints: [wp(0), wp(1, { alt: 90 }), wp(2, { alt: 110 })] })).body.data as Route;
    const geojson = await download(`/api/Route/${route.id}/geojson/`);
    expect(geojson.headers['content-type']).toContain('application/geo+json');
    expect(JSON.parse(geojson.body.toString()).geometry.coordinates).toEqual(route.waypoints.map((w) => [w.lng, w.lat, w.alt]));
    const kml = await download(`/api/Route/${route.id}/kml/`);
    expect(kml.headers['content-disposition']).toBe('attachment; filename=Line.kml');
    for (const [name, file] of [
      ['line.geojson', geojson.body],
      ['line.kml', kml.body],
    ] as const) {
      const back = await importFile(name, file);
      expect(back.status).toBe(201);
      expect((back.body.data.item as Route).waypoints.map((w) => [w.lng, w.lat, w.alt])).toEqual(route.waypoints.map((w) => [w.lng, w.lat, w.alt]));
    }
  });

  it('imports a GPX track, naming the route after the file and giving points without height the default', async () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      <trkpt lat="${base.lat}" lon="${base.lng}"><ele>60</ele></trkpt><trkpt lat="${base.lat}" lon="${base.lng + 0.002}"/></trkseg></trk></gpx>`;
    const response = await importFile('bridge survey.gpx', Buffer.from(gpx));
    expect(response.status).toBe(201);
    expect(response.body.data.item).toMatchObject({ name: 'bridge survey', waypoints: [{ alt: 60 }, { alt: 100 }] });
    expect(response.body.data.warnings).toEqual([expect.objectContaining({ code: 'route.default_height' })]);
  });

  it('imports every wayline of a KMZ with several, keeps the file and says so', async () => {
    const placemark = (i: number, lng: number) =>
      `<Placemark><Point><coordinates>${lng},${base.lat}</coordinates></Point><wpml:index>${i}</wpml:index><wpml:executeHeight>50</wpml:executeHeight><wpml:waypointSpeed>5</wpml:waypointSpeed></Placemark>`;
    const folder = (lng: number) => `<Folder><wpml:autoFlightSpeed>5</wpml:autoFlightSpeed>${placemark(0, lng)}${placemark(1, lng + 0.001)}</Folder>`;
    const wpml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="http://www.dji.com/wpmz/1.0.2"><Document>${folder(base.lng)}${folder(base.lng + 0.005)}</Document></kml>`;
    const file = Buffer.from(zipSync({ 'wpmz/waylines.wpml': strToU8(wpml) }));
    const response = await importFile('two.kmz', file);
    expect(response.status).toBe(201);
    expect(response.body.data.item.waypoints.map((w: { lng: number }) => w.lng)).toEqual([base.lng, base.lng + 0.001, base.lng + 0.005, base.lng + 0.006]);
    expect(response.body.data.warnings).toEqual([expect.objectContaining({ code: 'route.several_waylines', params: { count: 2 } })]);
    expect(response.body.msg).toBe('imported; the file has 2 waylines; they are kept and shown one after another');
    expect((await download(`/api/Route/${response.body.data.item.id}/kmz/`)).body.equals(file)).toBe(true);
  });

  it('keeps route names unique in a project (409 naming the name) and free of control characters; an import named after its file gets a free name', async () => {
    const first = await create({ name: 'Bridge "A"; east', waypoints: [wp(0), wp(1)] });
    expect(first.status).toBe(200);
    const again = await create({ name: 'Bridge "A"; east', waypoints: [wp(0), wp(1)] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 'route.name_taken', params: { name: 'Bridge "A"; east' } });
    const other = await create({ name: 'Other', waypoints: [wp(0), wp(1)] });
    expect((await call('PATCH', `/api/Route/${other.body.data.id}/`, 'admin', { name: 'Bridge "A"; east' })).body).toMatchObject({
      code: 409,
      error_code: 'route.name_taken',
    });
    // The header of a name with quotes and a semicolon is built by content-disposition: quoted, nothing injected.
    expect((await download(`/api/Route/${first.body.data.id}/kml/`)).headers['content-disposition']).toBe('attachment; filename="Bridge _A_; east.kml"');
    for (const name of ['two\r\nlines', 'tab\there', 'bell\u0007']) {
      const response = await create({ name, waypoints: [wp(0), wp(1)] });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'field.control_character' })]);
    }
    const line = Buffer.from(
      JSON.stringify({
        type: 'LineString',
        coordinates: [
          [base.lng, base.lat, 50],
          [base.lng + 0.001, base.lat, 50],
        ],
      }),
    );
    expect((await create({ name: 'Pier 7', waypoints: [wp(0), wp(1)] })).status).toBe(200);
    expect((await importFile('Pier 7.geojson', line)).body.data.item.name).toBe('Pier 7 (2)');
    expect((await importFile('Pier 7.geojson', line)).body.data.item.name).toBe('Pier 7 (3)');
    expect((await importFile('x.geojson', line, { name: 'Other' })).body).toMatchObject({ code: 409, error_code: 'route.name_taken' });
    expect((await importFile('x.geojson', line, { name: 'a\nb' })).body).toMatchObject({ code: 400 });
  });

  it.each([
    ['a file that is not a zip, KML, GPX or GeoJSON', 'notes.kmz', Buffer.from('hello'), 'route.unknown_format'],
    ['a broken zip', 'broken.kmz', Buffer.from('PK\u0003\u0004 not really'), 'route.not_zip'],
    ['a zip bomb', 'bomb.kmz', Buffer.from(zipSync({ 'wpmz/waylines.wpml': new Uint8Array(21 * 1024 * 1024) }, { level: 9 })), 'route.zip_too_large'],
    [
      'XML with an external entity',
      'xxe.kml',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]><kml><Document><Placemark><LineString><coordinates>&x;</coordinates></LineString></Placemark></Document></kml>',
      ),
      'route.xml_doctype',
    ],
    ['a KML without a line', 'empty.kml', Buffer.from('<kml><Document><Placemark><name>x</name></Placemark></Document></kml>'), 'route.no_placemarks'],
    [
      'GeoJSON with a latitude of 95',
      'far.geojson',
      Buffer.from(
        JSON.stringify({
          type: 'LineString',
          coordinates: [
            [104, 30],
            [104, 95],
          ],
        }),
      ),
      'route.coordinates_out_of_range',
    ],
  ])('refuses %s with a 400 naming the problem and saves nothing', async (_name, filename, data, code) => {
    const before = await routeCount();
    const response = await importFile(filename, data);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: code, errors: [expect.objectContaining({ field: 'file', code })] });
    expect(response.body.msg.length).toBeGreaterThan(10);
    expect(await routeCount()).toBe(before);
  });

  it('refuses an import that breaks the route rules, and one without a file or project', async () => {
    const fast = JSON.stringify({ type: 'LineString', coordinates: [[base.lng, base.lat, 50]] });
    expect((await importFile('one.geojson', Buffer.from(fast))).body).toMatchObject({ code: 400, error_code: 'route.too_few_waypoints' });
    const body = multipart({ project_id: String(projectId) });
    expect((await call('POST', '/api/Route/import/', 'admin', body.payload, body.headers)).body).toMatchObject({ code: 400, error_code: 'route.file_missing' });
    const noProject = multipart({ project_id: '999999' }, { field: 'file', filename: 'a.geojson', contentType: 'application/json', data: Buffer.from(fast) });
    expect((await call('POST', '/api/Route/import/', 'admin', noProject.payload, noProject.headers)).status).toBe(400);
  });

  it('lets viewers and operators (project:read) export but not import', async () => {
    const body = multipart(
      { project_id: String(projectId) },
      { field: 'file', filename: 'a.geojson', contentType: 'application/json', data: Buffer.from('{}') },
    );
    expect((await call('POST', '/api/Route/import/', 'viewer1', body.payload, body.headers)).status).toBe(403);
    expect((await call('POST', '/api/Route/import/', 'operator1', body.payload, body.headers)).status).toBe(403);
    expect((await download('/api/Route/999999/kmz/')).status).toBe(404);
  });
});
